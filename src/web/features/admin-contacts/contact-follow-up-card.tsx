import { useState, type FormEvent } from 'react';
import type { ContactDetail } from '../../../shared/contracts/contacts';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { formatShortDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { toast } from '../../lib/notifications';
import { FollowUpLine, useSiteToday } from './contact-badges';
import { toastFailure } from './contact-log-card';
import { setFollowUp } from './contacts-admin-api';

/** The day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The lead's follow-up reminder (ADR 0047): on the day set, its assignee (or everyone, when nobody has it)
 * is notified, and the Overview lists it until the day is changed or taken off.
 */
export function FollowUpCard({
  contact,
  canEdit,
  onChanged,
}: {
  contact: ContactDetail;
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const today = useSiteToday();
  const [day, setDay] = useState(contact.follow_up_on ?? addDays(today, 3));
  const [saving, setSaving] = useState(false);

  async function save(on: string | null) {
    setSaving(true);
    try {
      const { message } = await setFollowUp(contact.id, on);
      toast.success(message ?? (on ? ContactMessage.FOLLOW_UP_SET : ContactMessage.FOLLOW_UP_CLEARED));
      await onChanged();
    } catch (error) {
      toastFailure('Failed to save the follow-up', error);
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (day) void save(day);
  }

  return (
    <Card padding="none">
      <section aria-labelledby="contact-follow-up" className="flex flex-col gap-3 p-5">
        <h3 id="contact-follow-up" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Follow-up
        </h3>
        {contact.follow_up_on ? (
          <FollowUpLine on={contact.follow_up_on} className="text-sm" />
        ) : (
          <p className="text-sm text-slate-500">No follow-up planned.</p>
        )}
        {canEdit && (
          <form onSubmit={submit} className="flex flex-col gap-3">
            <Input
              type="date"
              label="Remind me on"
              name="follow_up_on"
              value={day}
              min={today}
              required
              disabled={saving}
              onChange={(event) => setDay(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              {[
                { label: 'Tomorrow', days: 1 },
                { label: 'In a week', days: 7 },
              ].map((choice) => (
                <Button
                  key={choice.days}
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={saving}
                  onClick={() => setDay(addDays(today, choice.days))}
                  aria-label={`${choice.label}: ${formatShortDate(addDays(today, choice.days))}`}
                >
                  {choice.label}
                </Button>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={saving || !day}>
                {contact.follow_up_on ? 'Change reminder' : 'Set reminder'}
              </Button>
              {contact.follow_up_on && (
                <Button type="button" size="sm" variant="secondary" disabled={saving} onClick={() => void save(null)}>
                  Remove
                </Button>
              )}
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}
