// Whom a commemoration honours, from the city's street-name register: "Benannt nach Adalbert
// Stifter (1805–1868), Schriftsteller", with links to the register's page and to Wikidata and the
// credit line the register's licence asks for (the city profile's streetRegisterSource). In the
// popup (short) and the view.
import type { Monument, Namesake } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import './commemoration.css';

const year = (date: string | undefined) => date?.match(/^-?\d{1,4}/)?.[0] ?? '';

/** "Adalbert Stifter (1805–1868), Schriftsteller": the dates and profession the register knows. */
export function useNamesakeLine() {
  const { t } = useTranslation();
  return (n: Namesake, sex: string) => {
    const [born, died] = [year(n.born), year(n.died)];
    const dates = born || died ? ` (${born ? born : '?'}–${died})` : '';
    const profession = n.profession
      ? `, ${t(`commemoration.professions.${n.profession}`, { defaultValue: n.profession, context: sex === 'female' ? 'female' : undefined })}`
      : '';
    return t('commemoration.namedAfter', { who: `${n.name}${dates}${profession}` });
  };
}

type Props = { monument: Pick<Monument, 'namesake' | 'placedBy' | 'sex'>; full?: boolean };

export function NamedAfter({ monument, full = false }: Props) {
  const { t } = useTranslation();
  const line = useNamesakeLine();
  const source = useQuery(clientConfigQuery()).data?.city.streetSource;
  const n = monument.namesake;
  return (
    <>
      {n ? (
        <div className="named-after">
          <p className="named-after__line">{line(n, monument.sex)}</p>
          <ul className="named-after__links">
            {n.registerUrl ? (
              <li>
                <a href={n.registerUrl} rel="noopener noreferrer" target="_blank">
                  {t('commemoration.registerLink')}
                </a>
              </li>
            ) : null}
            {n.wikidata.map((id) => (
              <li key={id}>
                <a href={`https://www.wikidata.org/wiki/${id}`} rel="noopener noreferrer" target="_blank">
                  {t('commemoration.wikidataLink', { id })}
                </a>
              </li>
            ))}
          </ul>
          {source && (full || n.registerId) ? (
            <p className="named-after__credit">{t('commemoration.credit', { source: source.name, licence: source.licence })}</p>
          ) : null}
        </div>
      ) : null}
      {monument.placedBy === 'citizens' ? <p className="named-after__placed">{t('commemoration.placedByCitizens')}</p> : null}
    </>
  );
}
