// The marker popup (spec "Marker popup"): name, question, a link to the monument's own view, and
// the monument's proposals, voting, proposing, sharing and reporting (MonumentProposals, shared
// with the /monuments list and the view).
import type { Monument } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocked } from '../storage/keys';
import { firstPhoto, PhotoFigure } from '../photos/PhotoFigure';
import { monumentPhotosQuery } from '../photos/photoApi';
import { NamedAfter } from '../commemoration/NamedAfter';
import { MonumentProposals } from './MonumentProposals';

type Props = { monument: Monument; name: string; sharedProposalId?: number | undefined };

export function MonumentPopup({ monument, name, sharedProposalId }: Props) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // A shared proposal's row takes focus first when the list is there at once (a link asked for
    // it early): that focus stays.
    const element = heading.current;
    if (element?.parentElement?.contains(document.activeElement)) return;
    element?.focus({ preventScroll: true });
  }, []);
  // The monument's photo above its name, the proposals' pictures beside them.
  const photos = useQuery(monumentPhotosQuery(monument.id)).data ?? [];
  const photo = firstPhoto(photos, null);

  return (
    // Not an interaction: the handler keeps the popup's own clicks away from the map (Escape, which
    // closes the popup, is heard on the map: MonumentLayer).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <section
      className="monument-popup"
      aria-labelledby={`popup-${monument.id}`}
      data-locked={isLocked(monument.id) || undefined}
      // React handles clicks at the portal before Leaflet sees them; a button React removes
      // (the banner's close) would look to Leaflet like a click on the map and close the popup.
      onClick={(event) => event.stopPropagation()}
    >
      {photo ? <PhotoFigure photo={photo} className="monument-popup__photo" /> : null}
      <h2 id={`popup-${monument.id}`} ref={heading} tabIndex={-1} className="monument-popup__name">
        {name}
      </h2>
      {monument.validated ? null : <p className="monument-popup__unvalidated">{t('popup.unvalidated')}</p>}
      <NamedAfter monument={monument} />
      <p className="monument-popup__subline">{t('popup.subline')}</p>
      {/* The popup is a teaser: everything about the monument, each proposal in full, is on its view. */}
      <Link
        to="/monuments/$monumentId"
        params={{ monumentId: monument.id }}
        search={sharedProposalId === undefined ? {} : { proposal: String(sharedProposalId) }}
        className="monument-popup__view"
      >
        {t('monument.openView')}
      </Link>
      <MonumentProposals monument={monument} name={name} sharedProposalId={sharedProposalId} photos={photos} />
    </section>
  );
}
