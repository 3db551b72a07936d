// What staff need to decide on a queue item without opening it: where it is, on a small
// map, and what its monument is (description, whom it commemorates, category); for a reported item,
// who reported it, as counts only.
import type { Reporters } from '@linz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PositionMap } from './PositionMap';
import { descriptionIn } from '../../commemoration/description';

type Place = {
  geoLocX: number;
  geoLocY: number;
  category: string;
  sex: string;
  shortDescription: string;
  shortDescription_en: string;
};

/** How many items of a list draw their map at once; further down a button draws it (a long queue
 * of maps would load hundreds of tiles and slow the page for everyone working it). */
export const MAPS_AT_ONCE = 10;

type Props = { place: Place; name: string; reporters: Reporters; mapShown?: boolean };

export function ItemContext({ place, name, reporters, mapShown = true }: Props) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(mapShown);
  const description = descriptionIn(place, i18n.resolvedLanguage);
  return (
    <div className="admin-context">
      {shown ? (
        <PositionMap
          small
          position={{ lat: place.geoLocX, lng: place.geoLocY }}
          label={t('admin.context.mapLabel', { name })}
          markerLabel={t('admin.context.markerLabel', { name })}
        />
      ) : (
        <button type="button" className="button admin-context__show-map" onClick={() => setShown(true)}>
          {t('admin.context.showMap')}
        </button>
      )}
      <dl className="admin-context__facts">
        <dt>{t('admin.context.category')}</dt>
        <dd>{t(`finder.categories.${place.category}`, { defaultValue: place.category })}</dd>
        <dt>{t('admin.context.commemorates')}</dt>
        <dd>{t(`admin.sexes.${place.sex}`, { defaultValue: place.sex })}</dd>
        <dt>{t('admin.context.description')}</dt>
        <dd lang={description.text ? description.lang : undefined}>{description.text || t('admin.context.noDescription')}</dd>
        <dt>{t('admin.context.place')}</dt>
        <dd>
          {place.geoLocX.toFixed(5)}, {place.geoLocY.toFixed(5)}
        </dd>
        {reporters.reports > 0 && (
          <>
            <dt>{t('admin.context.reporters')}</dt>
            <dd>
              {t('admin.context.reports', { count: reporters.reports })}{' '}
              {t('admin.context.networks', { count: reporters.networks })}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
