// Applies a vote's outcome: the server's count in the list, the message, and the confetti.
import type { MonumentIntervention } from '@linz/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../api/queries';
import type { Feedback } from '../feedback/feedback';
import { castVote } from './castVote';
import { CONFETTI_MS, celebrateAt } from './confetti';

export function useVote(monumentId: string, setFeedback: (feedback: Feedback) => void) {
  const queryClient = useQueryClient();
  const [celebrating, setCelebrating] = useState<number | null>(null);

  const vote = useCallback(
    async (intervention: MonumentIntervention, button: HTMLElement | null) => {
      const outcome = await castVote({ monumentId, interventionId: intervention.id, name: intervention.name });
      setFeedback(outcome.feedback);
      if (outcome.type !== 'recorded') return outcome;
      queryClient.setQueryData<MonumentIntervention[]>(queryKeys.monumentInterventions(monumentId), (list) =>
        list?.map((item) => (item.id === intervention.id ? { ...item, votes: outcome.newVoteCount } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.allInterventions });
      if (outcome.mayorNotified) {
        setCelebrating(intervention.id);
        window.setTimeout(() => {
          setCelebrating(null);
          // The mail goes out just after the vote; fetch again for mayorNotifiedAt.
          void queryClient.invalidateQueries({ queryKey: queryKeys.monumentInterventions(monumentId) });
        }, CONFETTI_MS);
        if (button) void celebrateAt(button);
      }
      return outcome;
    },
    [monumentId, queryClient, setFeedback],
  );

  return { vote, celebrating };
}
