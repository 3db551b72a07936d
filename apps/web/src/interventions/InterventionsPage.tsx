// /interventions: the proposals, each with its monument, searched, filtered by status and sorted as
// the address says: on the server, a page at a time; "mehr anzeigen" moves focus to the first newly
// shown proposal.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { interventionPagesQuery } from '../api/queries';
import { BackLink } from '../layout/BackLink';
import { MoreButton, useFocusFirstNew } from '../monuments/MoreButton';
import { AwaitingAnswers } from './AwaitingAnswers';
import { InterventionControls } from './InterventionControls';
import { InterventionItem } from './InterventionItem';
import { useInterventionSearch } from './useInterventionSearch';

export function InterventionsPage() {
  const { t } = useTranslation();
  const search = useInterventionSearch();
  const pages = useInfiniteQuery(interventionPagesQuery(search));
  // How many there are at all: the first page without search (the same as above when nothing is searched).
  const total = useInfiniteQuery(interventionPagesQuery({})).data?.pages[0]?.total;
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = pages.data?.pages[0]?.total ?? 0;
  const focus = useFocusFirstNew(items.length);
  return (
    <div className="content">
      <BackLink label={t('interventions.backHome')} />
      <h1>{t('interventions.headline')}</h1>
      <p className="lead">{t('interventions.text')}</p>
      <AwaitingAnswers />
      <h2 className="visually-hidden">{t('awaiting.allProposals')}</h2>
      <InterventionControls search={search} shown={shown} total={pages.isPending ? undefined : total} />
      {pages.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="empty">{total ? t('finder.proposals.none') : t('interventions.none')}</p>
      ) : (
        <ul className="intervention-list">
          {items.map((item, index) => (
            <InterventionItem key={item.id} heading={focus.headingAt(index)} intervention={item} monument={item.monument} />
          ))}
        </ul>
      )}
      <MoreButton labelKey="interventions.more" rest={shown - items.length} pages={pages} focus={focus} />
      <BackLink label={t('interventions.backHome')} />
    </div>
  );
}
