import { LoaderCircle } from '../../components/icons';
import { Save } from '../../components/admin/icons';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  companyWriteSchema,
  socialPlatformLabels,
  socialPlatforms,
  type CompanyAdmin,
  type CompanyWrite,
} from '../../../shared/contracts/company';
import { useVersionDialogs } from '../../components/admin/editor-versioning';
import type { RevisionField } from '../../components/admin/revisions-dialog';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ImageUpload } from '../../components/admin/image-upload';
import { useFieldsNotice } from '../../components/admin/use-fields-notice';
import { Input } from '../../components/input';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { fetchCompany, saveCompany } from './content-api';
import { Loaded } from './loaded';

type Values = Record<string, string>;

const profileFields = [
  { name: 'name', label: 'Company name', max: 200 },
  { name: 'founder', label: 'Founder', max: 200 },
  { name: 'tagline', label: 'Tagline', max: 300 },
  { name: 'location', label: 'Location', max: 200 },
  { name: 'email', label: 'Email', max: 320, type: 'email' },
  { name: 'phone', label: 'Phone', max: 50, type: 'tel' },
  { name: 'whatsapp', label: 'WhatsApp', max: 50, type: 'tel' },
] as const;

/** The fields the revisions compare, as the save names them (company.service.ts). */
const revisionFields: RevisionField[] = [
  ...profileFields.map(({ name, label }) => ({ name, label })),
  { name: 'valueProposition', label: 'Value proposition' },
  { name: 'description', label: 'Description' },
  { name: 'coreServices', label: 'Core services' },
  { name: 'heroVideoUrl', label: 'Hero video address' },
  { name: 'heroPosterUrl', label: 'Hero poster image' },
  { name: 'socialLinks', label: 'Social media links' },
];

function valuesOf(company: CompanyAdmin): Values {
  const values: Values = {
    name: company.name,
    founder: company.founder,
    tagline: company.tagline,
    location: company.location,
    email: company.email,
    phone: company.phone,
    whatsapp: company.whatsapp,
    valueProposition: company.valueProposition,
    description: company.description,
    coreServices: company.coreServices.join('\n'),
    heroVideoUrl: company.heroVideoUrl ?? '',
    heroPosterUrl: company.heroPosterUrl ?? '',
  };
  for (const platform of socialPlatforms) {
    values[`social_${platform}`] = company.socialLinks.find((link) => link.platform === platform)?.url ?? '';
  }
  return values;
}

function inputOf(values: Values): CompanyWrite {
  return {
    name: values.name ?? '',
    founder: values.founder ?? '',
    tagline: values.tagline ?? '',
    location: values.location ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    whatsapp: values.whatsapp ?? '',
    valueProposition: values.valueProposition ?? '',
    description: values.description ?? '',
    heroVideoUrl: values.heroVideoUrl ?? '',
    heroPosterUrl: values.heroPosterUrl ?? '',
    coreServices: (values.coreServices ?? '').split('\n'),
    socialLinks: socialPlatforms
      .map((platform) => ({ platform, url: (values[`social_${platform}`] ?? '').trim() }))
      .filter((link) => link.url !== ''),
  };
}

/** The field a problem belongs to: a social link's url is its platform's field. */
function fieldOf(path: PropertyKey[], input: CompanyWrite): string {
  if (path[0] === 'socialLinks' && typeof path[1] === 'number') {
    return `social_${input.socialLinks[path[1]]?.platform ?? ''}`;
  }
  return String(path[0] ?? '');
}

/** Content › Company: every field of the company profile, its core services and social links (PUT /api/company). */
export function CompanyForm({ canEdit }: { canEdit: boolean }) {
  return (
    <Loaded
      queryKey={['company', 'profile']}
      load={fetchCompany}
      failed="Failed to load the company information"
      loadingLabel="Loading the company information…"
    >
      {(company, replace, reload) => (
        <CompanyFields
          key={JSON.stringify(company)}
          company={company}
          canEdit={canEdit}
          onSaved={replace}
          onReload={reload}
        />
      )}
    </Loaded>
  );
}

function CompanyFields({
  company,
  canEdit,
  onSaved,
  onReload,
}: {
  company: CompanyAdmin;
  canEdit: boolean;
  onSaved: (company: CompanyAdmin) => void;
  onReload: () => void;
}) {
  const formId = useId();
  const initial = useMemo(() => valuesOf(company), [company]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  useFieldsNotice(errors, notice, () => setNotice(null));
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedGuard(dirty && !busy, 'The company information has changes that are not saved.');
  const versions = useVersionDialogs({
    noun: 'company information',
    apiPath: '/company',
    fields: revisionFields,
    canRestore: canEdit,
    busy,
    onReload: () => {
      guard.allowNextNavigation();
      onReload();
    },
    onOverwrite: () => void save(true),
  });

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };
  const text = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name] || undefined,
    disabled: !canEdit || busy,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  function showErrors(next: Record<string, string>) {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first)
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [name="${first}"]`)?.focus(),
      );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  /** Saves the form; `overwrite` saves over a version somebody else saved since the form was loaded. */
  async function save(overwrite: boolean) {
    if (busy || !canEdit) return;
    const input = inputOf(values);
    const checked = companyWriteSchema.safeParse(input);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[fieldOf(issue.path, input)] ??= issue.message;
      setNotice({ type: 'error', title: 'Please correct the highlighted fields.' });
      showErrors(next);
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const { data, message } = await saveCompany(input, overwrite ? null : company.version);
      toast.success(message);
      guard.allowNextNavigation();
      onSaved(data);
    } catch (error) {
      setBusy(false);
      if (versions.conflicted(error)) return;
      const next: Record<string, string> = {};
      if (isApiError(error)) {
        for (const item of error.errors)
          next[
            fieldOf(
              item.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
              input,
            )
          ] ??= item.message;
      }
      showErrors(next);
      setNotice(
        failureNotice('Failed to save the company information. Please check your inputs and try again.', error),
      );
    }
  }

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label="Company information" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Company information</h2>
          <p className="text-sm text-slate-600">
            Shown in the header, the footer, the About and contact sections and the search-engine data of every page.
          </p>
        </div>
        {company.version > 0 && versions.revisionsButton}
      </div>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <Card className="grid gap-4 sm:grid-cols-2">
        {profileFields.map((field) => (
          <Input
            key={field.name}
            label={field.label}
            required
            type={'type' in field ? field.type : 'text'}
            maxLength={field.max}
            {...text(field.name)}
          />
        ))}
        <Textarea
          label="Value proposition"
          required
          rows={2}
          maxLength={500}
          {...text('valueProposition')}
          containerClassName="sm:col-span-2"
        />
        <Textarea
          label="Description"
          required
          rows={5}
          maxLength={5000}
          {...text('description')}
          containerClassName="sm:col-span-2"
        />
        <Textarea
          label="Core services"
          required
          rows={5}
          hint="One a line, at most 10: the quote form's choices and the footer's list."
          {...text('coreServices')}
          containerClassName="sm:col-span-2"
        />
      </Card>

      <Card className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <h3 className="font-semibold text-slate-900">Hero background</h3>
          <p className="text-sm text-slate-600">
            A short, silent, looping video behind the landing page's headline (WebM or MP4, a few hundred KB at most),
            and the image shown until it plays, on data-saver and to visitors who prefer reduced motion. Leave the video
            empty for the plain background.
          </p>
        </div>
        <Input
          label="Video address"
          type="text"
          placeholder="/demo/hero.webm or https://…"
          maxLength={500}
          {...text('heroVideoUrl')}
        />
        <ImageUpload
          label="Poster image"
          name="heroPosterUrl"
          category="content"
          value={values.heroPosterUrl ?? ''}
          error={errors.heroPosterUrl || undefined}
          disabled={!canEdit || busy}
          onChange={(url) => set('heroPosterUrl', url)}
        />
      </Card>

      <Card className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <h3 className="font-semibold text-slate-900">Social media links</h3>
          <p className="text-sm text-slate-600">Leave a field empty to show no link for that platform.</p>
        </div>
        {socialPlatforms.map((platform) => (
          <Input
            key={platform}
            label={socialPlatformLabels[platform]}
            type="url"
            placeholder="https://"
            maxLength={500}
            {...text(`social_${platform}`)}
          />
        ))}
      </Card>

      {canEdit && (
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <Button variant="secondary" size="sm" disabled={!dirty || busy} onClick={() => setValues(initial)}>
            Discard changes
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Save company information
          </Button>
        </div>
      )}
      {guard.dialog}
      {versions.dialogs}
    </form>
  );
}
