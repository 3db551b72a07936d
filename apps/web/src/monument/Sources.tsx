// Where a monument's facts come from: the seed's source text ("Facts: <url> (…) | Coordinates: …"),
// one item per part, its web addresses as links. Shown as text: only http(s) addresses become links.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const URL_IN_TEXT = /(https?:\/\/[^\s)]+)/;

function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) =>
        // split with a capturing group: the odd parts are the addresses.
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noopener noreferrer" className="monument-view__source-link">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The seed writes "Facts: …" and "Coordinates (approximate, …): …": the label in the visitor's language, the citation as written. */
const PART = /^(Facts|Coordinates)\b([^:]*):\s*(.*)$/s;

function partOf(text: string): { label: 'facts' | 'coordinates' | null; citation: string } {
  const match = PART.exec(text);
  if (!match) return { label: null, citation: text };
  const [, label, qualifier = '', rest = ''] = match;
  return { label: label === 'Facts' ? 'facts' : 'coordinates', citation: `${qualifier.trim()} ${rest}`.trim() };
}

export function Sources({ source, headingId }: { source: string | null; headingId: string }) {
  const { t } = useTranslation();
  const parts = (source ?? '')
    .split(' | ')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(partOf);
  return (
    <section className="monument-view__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('monument.sources')}</h2>
      {parts.length === 0 ? (
        <p>{t('monument.noSources')}</p>
      ) : (
        <ul className="monument-view__sources">
          {parts.map(({ label, citation }) => (
            <li key={citation}>
              {label ? <strong>{t(`monument.source.${label}`)} </strong> : null}
              {/* The seed's citations are written in English (they quote the pages they name). */}
              <span lang="en">
                <Linked text={citation} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
