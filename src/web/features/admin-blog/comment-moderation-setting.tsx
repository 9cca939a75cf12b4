import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const MODERATION_KEY = ['blog', 'comments', 'moderation'];

/**
 * Which new comments wait for review: admins choose (saved as soon as it changes), other staff read it.
 * Whatever the choice, comments that look like spam are set aside (ADR 0048).
 */
export function ModerationSetting({ canChoose }: { canChoose: boolean }) {
  const queryClient = useQueryClient();
  // When it cannot be read the queue works without it; the choice shows once the page is loaded again.
  const loaded = useQuery({ queryKey: MODERATION_KEY, queryFn: fetchModeration });
  const choice = useMutation({
    mutationFn: saveModeration,
    onSuccess: ({ data }, next) => {
      queryClient.setQueryData(MODERATION_KEY, data);
      toast.success(commentHoldLabels[next], CommentModerationMessage.SETTINGS_SAVED);
    },
    onError: (error) =>
      toast.error(userMessage(error, { surface: 'admin', fallback: 'Please try again.' }), 'Failed to save'),
  });
  // The choice shows at once, and goes back to what was saved when it fails.
  const hold = choice.isPending ? choice.variables : loaded.data?.hold;

  if (hold === undefined) return null;

  if (!canChoose) {
    return (
      <p className="text-sm text-slate-600" data-comment-hold={hold}>
        New comments: <span className="font-medium text-slate-800">{commentHoldLabels[hold]}</span>
      </p>
    );
  }

  return (
    <Select
      label="New comments"
      compact
      value={hold}
      disabled={choice.isPending}
      onChange={(event) => choice.mutate(event.target.value as CommentHoldMode)}
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
