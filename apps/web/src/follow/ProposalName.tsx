// Which proposal a confirmation was for: its name, its monument and a link to it on the map (from
// the lists the app already reads; while they load, or for a proposal no longer listed, just the link to /mine says enough).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { allProposalsQuery, monumentsQuery } from '../api/queries';
import { langOf } from '../i18n/languages';
import { monumentName } from '../i18n/monumentName';
import { proposalLink } from './tokenSearch';

export function ProposalName({ proposalId }: { proposalId: number }) {
  const { t, i18n } = useTranslation();
  const proposals = useQuery(allProposalsQuery());
  const monuments = useQuery(monumentsQuery());
  const proposal = proposals.data?.find((item) => item.id === proposalId);
  if (!proposal) return null;
  const monument = monuments.data?.find((item) => item.id === proposal.monumentId);
  const where = monument ? monumentName(monument, langOf(i18n.resolvedLanguage)) : null;
  return (
    <p className="follow-page__proposal">
      {where
        ? t('follow.confirm.which', { name: proposal.name, monument: where })
        : t('follow.confirm.whichName', { name: proposal.name })}{' '}
      <Link {...proposalLink(proposal.monumentId, proposalId)}>{t('follow.mapLink')}</Link>
    </p>
  );
}
