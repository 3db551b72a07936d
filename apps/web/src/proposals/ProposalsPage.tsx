// /interventions: the proposals, each with its monument, searched, filtered by status and sorted as
// the address says: on the server, a page at a time; "mehr anzeigen" moves focus to the first newly
// shown proposal.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { proposalPagesQuery } from '../api/queries';
import { BackLink } from '../layout/BackLink';
import { MoreButton, useFocusFirstNew } from '../monuments/MoreButton';
import { AwaitingAnswers } from './AwaitingAnswers';
import { ProposalControls } from './ProposalControls';
import { ProposalItem } from './ProposalItem';
import { useProposalSearch } from './useProposalSearch';

export function ProposalsPage() {
  const { t } = useTranslation();
  const search = useProposalSearch();
  const pages = useInfiniteQuery(proposalPagesQuery(search));
  // How many there are at all: the first page without search (the same as above when nothing is searched).
  const total = useInfiniteQuery(proposalPagesQuery({})).data?.pages[0]?.total;
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = pages.data?.pages[0]?.total ?? 0;
  const focus = useFocusFirstNew(items.length);
  return (
    <div className="content">
      <BackLink label={t('proposals.backHome')} />
      <h1>{t('proposals.headline')}</h1>
      <p className="lead">{t('proposals.text')}</p>
      <AwaitingAnswers />
      <h2 className="visually-hidden">{t('awaiting.allProposals')}</h2>
      <ProposalControls search={search} shown={shown} total={pages.isPending ? undefined : total} />
      {pages.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="empty">{total ? t('finder.proposals.none') : t('proposals.none')}</p>
      ) : (
        <ul className="proposal-list">
          {items.map((item, index) => (
            <ProposalItem key={item.id} heading={focus.headingAt(index)} proposal={item} monument={item.monument} />
          ))}
        </ul>
      )}
      <MoreButton labelKey="proposals.more" rest={shown - items.length} pages={pages} focus={focus} />
      <BackLink label={t('proposals.backHome')} />
    </div>
  );
}
