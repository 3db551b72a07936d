// What the map's markers mean (issue 54): the pin is a monument, the street sign a street named
// after a person, and the sign's symbol whom it honours. Shown in the filter panel over the map,
// with the way to "Wo ist das?" (the commemorations that have no place yet).
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { markerImageUrl } from '../branding';

export function MapLegend() {
  const { t } = useTranslation();
  return (
    <section className="map-legend" aria-labelledby="map-legend-heading">
      <h3 id="map-legend-heading" className="map-legend__heading">
        {t('commemoration.legend.heading')}
      </h3>
      <ul className="map-legend__list">
        <li>
          <img src={markerImageUrl} alt="" width={17} height={21} />
          {t('commemoration.legend.monument')}
        </li>
        <li>
          <span className="street-marker__sign map-legend__sign" aria-hidden="true" />
          {t('commemoration.legend.street')}
        </li>
        {(['female', 'male', 'unknown'] as const).map((sex) => (
          <li key={sex}>{t(`commemoration.legend.${sex}`)}</li>
        ))}
      </ul>
      <Link to={APP_PATHS.whereIsIt}>{t('commemoration.legend.whereIsIt')}</Link>
    </section>
  );
}
