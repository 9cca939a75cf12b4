import { CheckboxField } from '../checkbox-field';
import { Input } from '../input';
import { useFormatDateTime } from '../../lib/date-time';
import { defaultScheduleTime, fromSiteLocal, ownTimeZone } from '../../lib/site-time';

export interface ScheduleFieldProps {
  /** What the item is, in the hints: "post", "project". */
  noun: string;
  /** The site's wall-clock time to publish at ("YYYY-MM-DDTHH:mm"), or '' when not scheduled. */
  value: string;
  onChange: (value: string) => void;
  /** The site's time zone, in which the time is written. */
  timeZone: string;
  error?: string;
  disabled?: boolean;
}

/**
 * "Schedule for later" and the time to go live (ADR 0040): written in the site's time zone, with the same
 * moment in the staff member's own time zone beside it when the two differ.
 */
export function ScheduleField({ noun, value, onChange, timeZone, error, disabled }: ScheduleFieldProps) {
  const formatDateTime = useFormatDateTime();
  const scheduled = value !== '';
  const instant = scheduled ? fromSiteLocal(value, timeZone) : null;
  const zoneName = timeZone.replace(/_/g, ' ');
  const yours = ownTimeZone();

  let hint = `In the site's time zone (${zoneName}).`;
  if (instant && Date.parse(instant) <= Date.now()) {
    hint = `This time has passed: the ${noun} is published when you save.`;
  } else if (instant && yours !== timeZone) {
    hint = `In the site's time zone (${zoneName}): ${formatDateTime(instant)} your time (${yours.replace(/_/g, ' ')}).`;
  }

  return (
    <div className="flex flex-col gap-3">
      <CheckboxField
        label="Schedule for later"
        hint={`The ${noun} goes live by itself at the time you choose.`}
        name="schedule"
        checked={scheduled}
        disabled={disabled}
        onChange={(checked) => onChange(checked ? defaultScheduleTime(timeZone) : '')}
      />
      {scheduled && (
        <Input
          label="Publish on"
          type="datetime-local"
          name="publish_at"
          data-field="publish_at"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          hint={hint}
          error={error}
          disabled={disabled}
          required
        />
      )}
    </div>
  );
}
