// One monument of /monuments: name, category, who it commemorates, validated or not, how many
// proposals, a link to it on the map, and a disclosure with everything its map popup offers.
import type { Monument } from '@linz/contract';
import { Link } from '@tanstack/react-router';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryLabel } from '../finder/FilterPanel';
import type { FilterSearch } from '../finder/search';
import { ProposalThumb } from '../photos/ProposalThumb';
import { usePublicPhoto } from '../photos/usePublicPhoto';
import { MonumentProposals } from '../popup/MonumentProposals';

/** `heading`: set on the first monument of a newly shown page, which gets focus. */
type Props = { monument: Monument; name: string; filters: FilterSearch; heading?: Ref<HTMLHeadingElement> | undefined };

export function MonumentItem({ monument, name, filters, heading }: Props) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  const [open, setOpen] = useState(false);
  const id = useId();
  const photo = usePublicPhoto(monument.id, null);
  return (
    <li className="monument-item">
      <h2 className="monument-item__name" ref={heading} tabIndex={-1}>
        {name}
      </h2>
      {photo ? <ProposalThumb photo={photo} name={name} className="list-thumb" /> : null}
      <dl className="monument-item__facts">
        <dt>{t('finder.category')}</dt>
        <dd>{categoryLabel(monument.category)}</dd>
        <dt>{t('finder.commemorates')}</dt>
        <dd>{t(`finder.sexes.${monument.sex}`, { defaultValue: monument.sex })}</dd>
        <dt>{t('finder.validated')}</dt>
        <dd>{t(`finder.validatedOption.${monument.validated ? '1' : '0'}`)}</dd>
        <dt>{t('finder.list.proposals')}</dt>
        <dd>{monument.proposals}</dd>
      </dl>
      <div className="monument-item__actions">
        <Link to="/monuments/$monumentId" params={{ monumentId: monument.id }} aria-label={t('monument.viewLinkOf', { name })}>
          {t('monument.viewLink')}
        </Link>
        <Link to="/" search={{ ...filters, monument: monument.id }} aria-label={t('finder.list.showOnMapOf', { name: name })}>
          {t('finder.list.showOnMap')}
        </Link>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          aria-label={t('finder.list.detailsFor', { name })}
          onClick={() => setOpen(!open)}
        >
          {t('finder.list.details')}
        </button>
      </div>
      {open ? (
        <section id={id} className="monument-item__details" aria-label={t('finder.list.detailsOf', { name })}>
          {monument.validated ? null : <p className="monument-popup__unvalidated">{t('popup.unvalidated')}</p>}
          <p className="monument-popup__subline">{t('popup.subline')}</p>
          <MonumentProposals monument={monument} name={name} />
        </section>
      ) : null}
    </li>
  );
}
