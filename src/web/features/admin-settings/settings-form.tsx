import { LoaderCircle } from '../../components/icons';
import { Save } from '../../components/admin/icons';
import type { FormEvent, ReactNode } from 'react';
import { ListLoadError } from '../../components/admin/list-states';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import type { SettingsFormState } from './use-settings-form';

/**
 * A Settings section's form (see useSettingsForm) in its states: the load failure with Try Again, grey rows
 * while it loads, then the form: the notice of the last save, `children` with the values, and the save
 * button (free once something changed).
 */
export function SettingsForm<T>({
  form,
  loadFailed,
  loading,
  labelledBy,
  saveLabel,
  onSave = form.submit,
  spacious = false,
  children,
}: {
  form: SettingsFormState<T>;
  loadFailed: string;
  /** What the grey rows stand for ("Loading the system settings…"), and how many there are. */
  loading: { label: string; rows: number };
  /** The section's title id. */
  labelledBy: string;
  saveLabel: string;
  /** Checks and saves the values (by default: saves them). */
  onSave?: (values: T) => void;
  /** Wider gaps and taller grey rows, for a form of larger controls. */
  spacious?: boolean;
  children: (values: T) => ReactNode;
}) {
  const { values, notice, busy, loadError } = form;
  if (loadError) {
    return (
      <ListLoadError title={loadFailed} onRetry={form.retry}>
        {loadError !== loadFailed && loadError}
      </ListLoadError>
    );
  }
  if (!values) {
    return (
      <div className={cn('flex flex-col', spacious ? 'gap-4' : 'gap-3')} aria-busy="true">
        <span className="sr-only">{loading.label}</span>
        {Array.from({ length: loading.rows }, (_, row) => (
          <Skeleton key={row} className={cn('w-full max-w-md', spacious ? 'h-14' : 'h-10')} />
        ))}
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (values) onSave(values);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className={cn('flex flex-col', spacious ? 'gap-6' : 'gap-4')}
      aria-labelledby={labelledBy}
    >
      {notice && (
        <Alert tone={notice.type} onDismiss={form.dismissNotice}>
          {notice.text}
        </Alert>
      )}
      {children(values)}
      <div>
        <Button type="submit" disabled={busy || !form.changed}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {busy ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}

/** On/off settings, each a checkbox with its hint, under one (unseen) legend. */
export function ToggleFields<T, K extends keyof T & string>({
  legend,
  toggles,
  values,
  onChange,
}: {
  legend: string;
  toggles: readonly { key: K; label: string; hint: string }[];
  values: T;
  onChange: (values: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">{legend}</legend>
      {toggles.map((toggle) => (
        <CheckboxField
          key={toggle.key}
          name={toggle.key}
          label={toggle.label}
          hint={toggle.hint}
          checked={values[toggle.key] as boolean}
          onChange={(checked) => onChange({ ...values, [toggle.key]: checked })}
        />
      ))}
    </fieldset>
  );
}
