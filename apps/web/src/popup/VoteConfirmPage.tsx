// /votes/confirm?token=…: the link of a vote's confirmation mail.
import { MailLinkConfirmPage } from '../follow/MailLinkConfirmPage';
import { confirmVoteToken } from './voteConfirmApi';
import { usePageSearch } from '../layout/pageSearch';
import { validateTokenSearch } from '../follow/tokenSearch';

export function VoteConfirmPage() {
  const { token } = usePageSearch(validateTokenSearch);
  return <MailLinkConfirmPage token={token} texts="votes.confirm" confirm={confirmVoteToken} />;
}
