// "Check votes" from anywhere in the staff area (a proposal's card in the queue or the list):
// StaffArea provides the function that opens "Stimmen prüfen" at a proposal.
import { createContext, useContext } from 'react';

export const ReviewVotesContext = createContext<((proposalId: number) => void) | null>(null);
export const useReviewVotes = () => useContext(ReviewVotesContext);
