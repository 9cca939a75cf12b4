import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Copy, Images } from '../../components/admin/icons';
import type { DemoImagesData } from '../../../shared/contracts/uploads';
import { Panel } from '../../components/admin/figures';
import { useAdminData } from '../../components/admin/use-admin-data';
import { Button } from '../../components/button';
import { toast } from '../../lib/notifications';
import { fetchDemoImages, MEDIA_UPDATE } from './media-api';
import { URL_COPIED, URL_COPY_FAILED } from './media-details';

const LOAD_FAILED = 'Failed to load the demo pictures';
/** How many pictures show before "Show all". */
const FIRST_SHOWN = 6;

async function copyAddress(url: string) {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}${url}`);
    toast.success(URL_COPIED);
  } catch {
    toast.error(URL_COPY_FAILED);
  }
}

/**
 * The pictures that came with the demo content, among the library's files while something still shows
 * them: they are files of the site itself, not uploads (nothing to delete here), so each one lists the
 * places that show it, to be replaced by the company's own pictures there.
 */
export function DemoImagesSection() {
  const id = useId();
  const [all, setAll] = useState(false);
  const { data, loadError } = useAdminData<DemoImagesData>([MEDIA_UPDATE, 'demo-images'], fetchDemoImages, {
    loadFailed: LOAD_FAILED,
    updates: [MEDIA_UPDATE, 'blog', 'portfolio'],
  });
  if (loadError || !data || data.images.length === 0) return null;
  return (
    <Panel
      id={id}
      title="Demo pictures"
      icon={<Images />}
      description={`${data.images.length} ${data.images.length === 1 ? 'picture' : 'pictures'} from the demo content, still shown on the site. Replace them with your own in the places listed.`}
      bodyClassName="p-4"
    >
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-demo-images="">
        {(all ? data.images : data.images.slice(0, FIRST_SHOWN)).map((image) => (
          <li
            key={image.url}
            data-demo-image={image.name}
            className="flex min-w-0 gap-3 rounded-xl border border-slate-200 p-3"
          >
            <img
              src={image.url}
              alt=""
              loading="lazy"
              className="size-16 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm font-medium break-all text-slate-900">{image.name}</p>
              <ul className="flex flex-col text-xs text-slate-600">
                {image.usages.map((usage) => (
                  <li key={`${usage.admin_path}-${usage.label}`}>
                    <Link
                      to={usage.admin_path}
                      className="inline-flex min-h-6 items-center hover:text-brand-700 hover:underline"
                    >
                      {usage.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <Button
                variant="ghost"
                size="sm"
                className="mt-auto -ml-2.5 self-start"
                onClick={() => void copyAddress(image.url)}
                aria-label={`Copy address of ${image.name}`}
              >
                <Copy aria-hidden="true" />
                Copy address
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {!all && data.images.length > FIRST_SHOWN && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => setAll(true)}>
          Show all {data.images.length} pictures
        </Button>
      )}
    </Panel>
  );
}
