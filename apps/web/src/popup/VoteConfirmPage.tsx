// /votes/confirm?token=…: the link of a vote's confirmation mail.
import { useSearch } from '@tanstack/react-router';
import { MailLinkConfirmPage } from '../follow/MailLinkConfirmPage';
import { confirmVoteToken } from './voteConfirmApi';

export function VoteConfirmPage() {
  const { token } = useSearch({ from: '/votes/confirm' });
  return <MailLinkConfirmPage token={token} texts="votes.confirm" confirm={confirmVoteToken} />;
}
