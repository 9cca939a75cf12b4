import { useEffect, useState } from 'react';
import {
  CommentModerationMessage,
  commentHoldLabels,
  commentHoldModes,
  type CommentHoldMode,
} from '../../../shared/contracts/comment-moderation';
import { Select } from '../../components/select';
import { userMessage } from '../../lib/api-error';
import { toast } from '../../lib/notifications';
import { fetchModeration, saveModeration } from './comments-api';

/**
 * Which new comments wait for review: admins choose (saved as soon as it changes), other staff read it.
 * Whatever the choice, comments that look like spam are set aside (ADR 0048).
 */
export function ModerationSetting({ canChoose }: { canChoose: boolean }) {
  const [hold, setHold] = useState<CommentHoldMode | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchModeration()
      .then((moderation) => !cancelled && setHold(moderation.hold))
      .catch(() => {
        // The queue works without it; the choice shows once the page is loaded again.
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (hold === null) return null;

  if (!canChoose) {
    return (
      <p className="text-sm text-slate-600" data-comment-hold={hold}>
        New comments: <span className="font-medium text-slate-800">{commentHoldLabels[hold]}</span>
      </p>
    );
  }

  async function choose(next: CommentHoldMode) {
    const before = hold;
    setHold(next);
    setSaving(true);
    try {
      await saveModeration(next);
      toast.success(commentHoldLabels[next], CommentModerationMessage.SETTINGS_SAVED);
    } catch (error) {
      setHold(before);
      toast.error(userMessage(error, { surface: 'admin', fallback: 'Please try again.' }), 'Failed to save');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Select
      label="New comments"
      compact
      value={hold}
      disabled={saving}
      onChange={(event) => void choose(event.target.value as CommentHoldMode)}
      containerClassName="w-full sm:w-auto sm:min-w-80"
      data-comment-hold={hold}
    >
      {commentHoldModes.map((mode) => (
        <option key={mode} value={mode}>
          {commentHoldLabels[mode]}
        </option>
      ))}
    </Select>
  );
}
