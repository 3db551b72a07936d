// The votes that e-mail the mayor's office here: the city profile's (GET /api/config), so a city
// with another threshold shows its own in the progress, the waiting list and the figures.
import { MAYOR_THRESHOLD } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from './index';

/** The city's vote threshold; the spec's 10 until the config is read (it is read before the first render). */
export const useVoteThreshold = (): number => useQuery(clientConfigQuery()).data?.city.voteThreshold ?? MAYOR_THRESHOLD;
