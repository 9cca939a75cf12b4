import { LoaderCircle, Star } from '../../components/icons';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { isStaleVersion } from '../../components/admin/revisions-api';
import { ImageUpload } from '../../components/admin/image-upload';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../../components/dialog';
import { Input } from '../../components/input';
import { failureNotice, type Notice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { createItem, updateItem } from './content-api';
import {
  inputOf,
  problemsOf,
  valuesOf,
  type CollectionSpec,
  type ContentItem,
  type FieldSpec,
  type FormValues,
} from './content-specs';

const STALE_CONTENT_NOTICE =
  'Someone else saved this since you opened it. Save again to overwrite their version with yours (theirs stays under Revisions), or cancel to keep theirs.';

/** Adding or editing one item of a collection, in a dialog that asks before it drops unsaved changes. */
export function ItemDialog({
  spec,
  item,
  onClose,
  onSaved,
}: {
  spec: CollectionSpec;
  item: ContentItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const titleId = useId();
  const formId = useId();
  const initial = useMemo(() => valuesOf(spec, item), [spec, item]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedGuard(dirty && !busy, `This ${spec.label.toLowerCase()} has changes that are not saved.`);

  const set = (name: string, value: string | boolean | number) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
    setConfirmDiscard(false);
  };

  function cancel() {
    if (dirty && !confirmDiscard) setConfirmDiscard(true);
    else onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const problems = problemsOf(spec, values);
    const first = Object.keys(problems)[0];
    if (first) {
      setErrors(problems);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [name="${first}"]`)?.focus(),
      );
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const input = inputOf(spec, values);
      // The version the dialog was opened at: a save over someone else's newer one is refused once (ADR 0041).
      const version = item && !overwrite ? { version: item.version } : {};
      const { message } = item
        ? await updateItem(spec.path, item.id, { ...input, ...version })
        : await createItem(spec.path, input);
      guard.allowNextNavigation();
      onSaved(message);
    } catch (error) {
      if (isStaleVersion(error)) {
        setOverwrite(true);
        setFailure({ type: 'warning', title: STALE_CONTENT_NOTICE });
        setBusy(false);
        return;
      }
      const next: Record<string, string> = {};
      if (isApiError(error))
        for (const fieldError of error.errors) next[fieldError.field.split('.')[0] ?? ''] ??= fieldError.message;
      setErrors(next);
      setFailure(
        failureNotice(`Failed to save the ${spec.label.toLowerCase()}. Please check your inputs and try again.`, error),
      );
      setBusy(false);
    }
  }

  const field = (spec: FieldSpec) => {
    const common = { name: spec.name, error: errors[spec.name] || undefined, required: spec.required };
    const value = values[spec.name];
    switch (spec.kind) {
      case 'textarea':
      case 'lines':
        return (
          <Textarea
            key={spec.name}
            label={spec.label}
            {...common}
            rows={spec.kind === 'lines' ? 4 : 5}
            hint={spec.hint}
            maxLength={spec.kind === 'lines' ? undefined : spec.max}
            value={String(value ?? '')}
            onChange={(event) => set(spec.name, event.target.value)}
            containerClassName={cn(spec.wide && 'sm:col-span-2')}
          />
        );
      case 'image':
        return (
          <ImageUpload
            key={spec.name}
            label={spec.label}
            name={spec.name}
            category="content"
            value={String(value ?? '')}
            error={errors[spec.name] || undefined}
            hint={spec.hint}
            onChange={(url) => set(spec.name, url)}
            className={cn(spec.wide && 'sm:col-span-2')}
          />
        );
      case 'flag':
        return (
          <CheckboxField
            key={spec.name}
            label={spec.label}
            hint={spec.hint ?? ''}
            name={spec.name}
            checked={value === true}
            onChange={(checked) => set(spec.name, checked)}
          />
        );
      case 'rating':
        return (
          <fieldset key={spec.name} className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium text-slate-800">{spec.label}</legend>
            <div className="flex gap-1" role="radiogroup" aria-label={spec.label}>
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={value === n}
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                  onClick={() => set(spec.name, n)}
                  className="rounded p-1 hover:bg-amber-50"
                >
                  <Star
                    className={cn('size-6', Number(value) >= n ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
                    aria-hidden="true"
                  />
                </button>
              ))}
            </div>
            {errors[spec.name] && <p className="text-xs font-medium text-red-700">{errors[spec.name]}</p>}
          </fieldset>
        );
      default:
        return (
          <Input
            key={spec.name}
            label={spec.label}
            {...common}
            type={spec.kind === 'email' ? 'email' : spec.kind === 'address' ? 'url' : 'text'}
            hint={spec.hint}
            placeholder={spec.placeholder}
            maxLength={spec.max}
            value={String(value ?? '')}
            onChange={(event) => set(spec.name, event.target.value)}
            containerClassName={cn(spec.wide && 'sm:col-span-2')}
          />
        );
    }
  };

  return (
    <ModalDialog
      open
      busy={busy}
      onCancel={cancel}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-w-2xl')}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex max-h-[90vh] flex-col">
        <div className="border-b border-slate-200 px-6 py-4">
          <DialogTitle id={titleId}>
            {item ? `Edit ${spec.label.toLowerCase()}` : `Add ${spec.label.toLowerCase()}`}
          </DialogTitle>
        </div>
        <div className="grid gap-4 overflow-y-auto px-6 py-5 sm:grid-cols-2">
          {failure && (
            <Alert tone="error" title={failure.title} className="sm:col-span-2">
              {failure.detail}
            </Alert>
          )}
          {spec.fields.map(field)}
          <CheckboxField
            label="Show on the site"
            hint="Hidden items stay here and can be shown again."
            name="active"
            checked={values.active === true}
            onChange={(checked) => set('active', checked)}
            className="sm:col-span-2"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
          {confirmDiscard && (
            <p className="text-sm font-medium text-amber-800 sm:mr-auto" role="alert">
              Discard your changes? Press Cancel again to close.
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {item ? 'Save changes' : `Add ${spec.label.toLowerCase()}`}
          </Button>
        </div>
      </form>
      {guard.dialog}
    </ModalDialog>
  );
}
