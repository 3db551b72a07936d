// Posts a new proposal from the popup; on success it goes on top of the list.
import type { CreatedProposal, MonumentProposal } from '@linz/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { apiErrorOf } from '../api/errors';
import { queryKeys } from '../api/queries';
import { failure, success, type Feedback } from '../feedback/feedback';
import { mineKey } from '../api/queries/mine';
import { underReview } from '../storage/keys';
import { retriedImport } from '../layout/retriedImport';

export function useAddProposal(
  monumentId: string,
  setFeedback: (feedback: Feedback) => void,
  onAdded?: (row: MonumentProposal) => void,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (name: string): Promise<CreatedProposal | 'queued'> => {
      // Made now, when the visitor acts: a resend from the offline queue is the same proposal.
      const key = crypto.randomUUID();
      const queue = async () => {
        const { enqueue } = await retriedImport(() => import('../offline/queue'));
        await enqueue({ kind: 'proposal', monumentId, name, label: name }, key);
        return 'queued' as const;
      };
      if (navigator.onLine === false) return queue();
      try {
        return await call('createProposal', { params: { monumentId }, body: { name }, idempotencyKey: key });
      } catch (error) {
        if (apiErrorOf(error).code === 'NETWORK') return queue();
        throw error;
      }
    },
    onSuccess: async (created) => {
      if (created === 'queued') return setFeedback(success('offline.queued.proposal'));
      if (created.underReview) {
        // Only its author sees it, as under review, until staff approve it (docs/screening.md).
        underReview.write();
        void queryClient.invalidateQueries({ queryKey: mineKey });
        return setFeedback(success('success.proposalUnderReview'));
      }
      const row: MonumentProposal = {
        id: created.id,
        name: created.name,
        votes: created.votes,
        confirmedVotes: created.confirmedVotes,
        mayorNotifiedAt: created.mayorNotifiedAt,
        mayorReview: created.mayorReview,
        status: created.status,
        answer: created.answer,
        history: created.history,
      };
      // A read of the list still under way was answered before this proposal existed: it must not
      // overwrite the row put on top here, so it is dropped and asked again.
      const key = queryKeys.monumentProposals(monumentId);
      const reading = queryClient.isFetching({ queryKey: key }) > 0;
      if (reading) await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<MonumentProposal[]>(key, (list) => [row, ...(list ?? []).filter((item) => item.id !== row.id)]);
      if (reading) void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProposals });
      setFeedback(success('success.proposalAdded'));
      onAdded?.(row);
    },
    onError: (error) => {
      setFeedback(
        apiErrorOf(error).code === 'TOO_MANY_REQUESTS' ? failure('errors.tooManyRequests') : failure('errors.addProposal'),
      );
    },
  });

  /** Returns false (and says why) when the title is blank; otherwise starts the request. */
  const add = (title: string): boolean => {
    // Spec section 5: trimmed and non-empty; the server checks the rest (length, control characters).
    const name = title.trim();
    if (name === '') {
      setFeedback(failure('errors.titleRequired'));
      return false;
    }
    mutation.mutate(name);
    return true;
  };

  return { add, adding: mutation.isPending };
}
