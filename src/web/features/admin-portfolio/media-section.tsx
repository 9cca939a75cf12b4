import { ImageIcon, Images } from '../../components/admin/icons';
import type { Dispatch, SetStateAction } from 'react';
import { PORTFOLIO_GALLERY_MAX } from '../../../shared/contracts/portfolio.values';
import { galleryMeterTone } from '../../../shared/contracts/portfolio-uploads';
import { NoticeAlert, type Notice } from '../../components/notice';
import { cn } from '../../lib/cn';
import { GalleryManager } from './gallery-manager';
import { MainImageField } from './main-image-field';
import type { ProjectFormValues } from './project-form-values';

export interface MediaSectionProps {
  values: ProjectFormValues;
  setValues: Dispatch<SetStateAction<ProjectFormValues>>;
  projectId: number | undefined;
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}

/** Media tab: the main image, the gallery with its capacity meter, and the Image Management summary. */
export function MediaSection({ values, setValues, projectId, notice, onNotice, errors, disabled }: MediaSectionProps) {
  const count = values.gallery.length;
  const galleryError = Object.entries(errors).find(([field]) => field === 'gallery' || field.startsWith('gallery.'));

  return (
    <div className="flex flex-col gap-6">
      <NoticeAlert notice={notice} onDismiss={() => onNotice(null)} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <MainImageField
            value={values.image_url}
            onChange={(url) => setValues((current) => ({ ...current, image_url: url }))}
            projectId={projectId}
            onNotice={onNotice}
            disabled={disabled}
            error={errors.image_url}
          />
          <GalleryManager
            gallery={values.gallery}
            projectId={projectId}
            onNotice={onNotice}
            disabled={disabled}
            error={galleryError?.[1]}
            onAdd={(item) => setValues((current) => ({ ...current, gallery: [...current.gallery, item] }))}
            onRemove={(key) =>
              setValues((current) => ({ ...current, gallery: current.gallery.filter((g) => g.key !== key) }))
            }
            onRestore={(item, index) =>
              setValues((current) => {
                if (current.gallery.some((g) => g.key === item.key)) return current;
                const gallery = [...current.gallery];
                gallery.splice(Math.max(0, Math.min(index, gallery.length)), 0, item);
                return { ...current, gallery };
              })
            }
            onTitleChange={(key, title) =>
              setValues((current) => ({
                ...current,
                gallery: current.gallery.map((g) => (g.key === key ? { ...g, title } : g)),
              }))
            }
          />
        </div>

        <aside
          aria-labelledby="image-management-title"
          className="flex h-fit flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50/70 p-5"
          data-image-summary=""
        >
          <h3 id="image-management-title" className="text-sm font-semibold text-slate-900">
            Image Management
          </h3>
          <dl className="flex flex-col gap-3 text-sm">
            <div className="flex items-center gap-2">
              <ImageIcon className="size-4 text-slate-400" aria-hidden="true" />
              <dt className="text-slate-600">Main image</dt>
              <dd className={cn('ml-auto font-medium', values.image_url ? 'text-emerald-700' : 'text-slate-500')}>
                {values.image_url ? 'Set' : 'Not set'}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <Images className="size-4 text-slate-400" aria-hidden="true" />
              <dt className="text-slate-600">Gallery</dt>
              <dd
                className={cn(
                  'ml-auto font-semibold tabular-nums',
                  { green: 'text-emerald-700', yellow: 'text-amber-700', red: 'text-red-700' }[galleryMeterTone(count)],
                )}
              >
                {count}/{PORTFOLIO_GALLERY_MAX}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">Slots remaining</dt>
              <dd className="ml-auto font-medium tabular-nums">{Math.max(0, PORTFOLIO_GALLERY_MAX - count)}</dd>
            </div>
          </dl>
          <p className="text-xs leading-5 text-slate-500">
            Uploaded images are checked, stored once and served in sizes for every screen. Deleting an uploaded image
            removes the file and every reference to it.
            {projectId === undefined && ' Images you upload now are kept with the project when you create it.'}
          </p>
        </aside>
      </div>
    </div>
  );
}
