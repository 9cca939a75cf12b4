import { LoaderCircle } from '../../components/icons';
import { Save } from '../../components/admin/icons';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { seoWriteSchema, type SeoAdmin, type SeoWrite } from '../../../shared/contracts/company';
import { useVersionDialogs } from '../../components/admin/editor-versioning';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { fetchSeo, saveSeo } from './content-api';
import { Loaded } from './loaded';

type Values = { siteTitle: string; metaDescription: string; keywords: string; analyticsId: string };

const valuesOf = (seo: SeoAdmin): Values => ({
  siteTitle: seo.siteTitle,
  metaDescription: seo.metaDescription,
  keywords: seo.keywords.join(', '),
  analyticsId: seo.analyticsId,
});

/** The fields the revisions compare, as the save names them. */
const revisionFields = [
  { name: 'siteTitle', label: 'Site title' },
  { name: 'metaDescription', label: 'Meta description' },
  { name: 'keywords', label: 'Keywords' },
  { name: 'analyticsId', label: 'Analytics ID' },
];
const inputOf = (values: Values): SeoWrite => ({
  siteTitle: values.siteTitle,
  metaDescription: values.metaDescription,
  keywords: values.keywords.split(','),
  analyticsId: values.analyticsId,
});

/** Content › SEO: the home page's title, every page's default description, and the keywords. */
export function SeoForm({ canEdit }: { canEdit: boolean }) {
  return (
    <Loaded
      queryKey={['company', 'seo']}
      load={fetchSeo}
      failed="Failed to load the SEO settings"
      loadingLabel="Loading the SEO settings…"
    >
      {(seo, replace, reload) => (
        <SeoFields key={JSON.stringify(seo)} seo={seo} canEdit={canEdit} onSaved={replace} onReload={reload} />
      )}
    </Loaded>
  );
}

function SeoFields({
  seo,
  canEdit,
  onSaved,
  onReload,
}: {
  seo: SeoAdmin;
  canEdit: boolean;
  onSaved: (seo: SeoAdmin) => void;
  onReload: () => void;
}) {
  const formId = useId();
  const initial = useMemo(() => valuesOf(seo), [seo]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedGuard(dirty && !busy, 'The SEO settings have changes that are not saved.');
  const versions = useVersionDialogs({
    // "this SEO configuration", "the SEO configuration was saved": the dialogs' sentences take one thing.
    noun: 'SEO configuration',
    apiPath: '/company/seo',
    fields: revisionFields,
    canRestore: canEdit,
    busy,
    onReload: () => {
      guard.allowNextNavigation();
      onReload();
    },
    onOverwrite: () => void save(true),
  });

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: !canEdit || busy,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  /** Saves the form; `overwrite` saves over a version somebody else saved since the form was loaded. */
  async function save(overwrite: boolean) {
    if (busy || !canEdit) return;
    const input = inputOf(values);
    const checked = seoWriteSchema.safeParse(input);
    const next: Partial<Record<keyof Values, string>> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) next[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const { data, message } = await saveSeo(checked.data, overwrite ? null : seo.version);
      toast.success(message);
      guard.allowNextNavigation();
      onSaved(data);
    } catch (error) {
      setBusy(false);
      if (versions.conflicted(error)) return;
      if (isApiError(error))
        for (const item of error.errors) next[item.field.split('.')[0] as keyof Values] ??= item.message;
      setErrors(next);
      setNotice(failureNotice('Failed to save the SEO settings. Please check your inputs and try again.', error));
    }
  }

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label="SEO settings" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">SEO settings</h2>
          <p className="text-sm text-slate-600">
            What search engines and link previews show: the home page&apos;s title, and the description and keywords of
            every page that has none of its own; and the site&apos;s Google Analytics property.
          </p>
        </div>
        {seo.version > 0 && versions.revisionsButton}
      </div>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
      <Card className="grid gap-4">
        <Input
          label="Site title"
          required
          maxLength={120}
          hint="The home page's title in search results and browser tabs."
          {...field('siteTitle')}
        />
        <Textarea
          label="Meta description"
          required
          rows={3}
          maxLength={300}
          hint="One or two sentences, at most 300 characters."
          {...field('metaDescription')}
        />
        <Input label="Keywords" hint="Separated by commas, at most 20." {...field('keywords')} />
        <Input
          label="Analytics ID"
          placeholder="G-1A2B3C4D5E"
          maxLength={20}
          autoComplete="off"
          hint="A Google Analytics 4 measurement ID: the public pages (never the admin) then load Google's tag. Leave empty for none."
          {...field('analyticsId')}
        />
      </Card>
      {canEdit && (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={!dirty || busy} onClick={() => setValues(initial)}>
            Discard changes
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Save SEO settings
          </Button>
        </div>
      )}
      {guard.dialog}
      {versions.dialogs}
    </form>
  );
}
