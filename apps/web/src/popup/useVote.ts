// Applies a vote's outcome: the server's count in the list, the message, and the confetti.
import type { ClientConfig, MonumentProposal } from '@linz/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../api/queries';
import { success, type Feedback } from '../feedback/feedback';
import { castVote } from './castVote';
import { CONFETTI_MS, celebrateAt } from './confetti';

export function useVote(monumentId: string, setFeedback: (feedback: Feedback) => void) {
  const queryClient = useQueryClient();
  const [celebrating, setCelebrating] = useState<number | null>(null);

  const vote = useCallback(
    async (proposal: MonumentProposal, button: HTMLElement | null) => {
      let outcome = await castVote({ monumentId, proposalId: proposal.id, name: proposal.name });
      // Where the threshold counts confirmed votes, a vote (not yet confirmed) never reaches it.
      const counts = queryClient.getQueryData<ClientConfig>(queryKeys.clientConfig)?.thresholdCounts;
      if (outcome.type === 'recorded' && outcome.mayorNotified && counts === 'confirmed')
        outcome = { ...outcome, mayorNotified: false, mayor: null, feedback: success('success.voteRecorded') };
      setFeedback(outcome.feedback);
      if (outcome.type !== 'recorded') return outcome;
      queryClient.setQueryData<MonumentProposal[]>(queryKeys.monumentProposals(monumentId), (list) =>
        list?.map((item) => (item.id === proposal.id ? { ...item, votes: outcome.newVoteCount } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProposals });
      if (outcome.mayorNotified) {
        setCelebrating(proposal.id);
        window.setTimeout(() => {
          setCelebrating(null);
          // The mail goes out just after the vote; fetch again for mayorNotifiedAt.
          void queryClient.invalidateQueries({ queryKey: queryKeys.monumentProposals(monumentId) });
        }, CONFETTI_MS);
        if (button) void celebrateAt(button);
      }
      return outcome;
    },
    [monumentId, queryClient, setFeedback],
  );

  return { vote, celebrating };
}
