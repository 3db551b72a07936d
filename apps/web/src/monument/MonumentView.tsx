// /monuments/<id>: a monument's own view, or a not-found state with the way home. The address is
// read once: a leaving page keeps rendering during its exit animation, after its route is gone.
import { APP_PATHS } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monumentLinkQuery } from '../api/queries/monumentLink';
import { HiddenNotices } from '../mine/HiddenNotices';
import { MonumentDetails } from './MonumentDetails';
import './monument.css';

export function MonumentView() {
  const { t } = useTranslation();
  const params = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const [{ monumentId, proposalId }] = useState(() => ({
    monumentId: params.monumentId ?? '',
    proposalId: search.proposal === undefined ? undefined : Number(search.proposal),
  }));
  const found = useQuery(monumentLinkQuery(monumentId));

  if (found.isPending)
    return (
      <div className="content">
        <p role="status">{t('app.loading')}</p>
      </div>
    );
  if (found.data?.kind === 'found') return <MonumentDetails monument={found.data.monument} selectedProposalId={proposalId} />;
  // Gone (unknown, hidden or not even a valid id), or the server did not answer.
  const gone = found.data?.kind === 'gone';
  return (
    <div className="content monument-view">
      <h1>{gone ? t('monument.notFound') : t('monument.loadFailed')}</h1>
      <p>{gone ? t('monument.notFoundText') : t('monument.loadFailedText')}</p>
      {gone && <HiddenNotices monumentId={monumentId} />}
      <ul className="monument-view__ways">
        <li>
          <Link to={APP_PATHS.home}>{t('app.toMap')}</Link>
        </li>
        <li>
          <Link to={APP_PATHS.monuments}>{t('monument.toList')}</Link>
        </li>
      </ul>
    </div>
  );
}
