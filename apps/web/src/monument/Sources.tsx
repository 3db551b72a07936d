// Where a monument's facts come from: the seed's source text ("Facts: <url> (…) | Coordinates: …"),
// one item per part in the visitor's language, its web addresses as links. Shown as text: only
// http(s) addresses become links.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { readableUrl, readSource, type SourcePart } from './readSource';

const URL_IN_TEXT = /(https?:\/\/[^\s)]+)/;

function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) =>
        // split with a capturing group: the odd parts are the addresses.
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noopener noreferrer" className="monument-view__source-link">
            {readableUrl(part)}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Part({ part }: { part: SourcePart }) {
  const { t } = useTranslation();
  const { label, urls, mirrorOf, licences, named, metres, approximate } = part;
  const precision =
    label !== 'coordinates'
      ? null
      : metres !== null
        ? t('sourceText.within', { metres })
        : approximate
          ? t('sourceText.approximate')
          : null;
  const notes = [mirrorOf ? t('sourceText.mirrorOf', { original: mirrorOf }) : null, ...licences].filter(Boolean);
  const from = [...urls, ...named];
  return (
    <li>
      {label ? <strong>{t(`monument.source.${label}`)} </strong> : null}
      {precision ? `${precision}, ` : null}
      {from.length === 0 ? (
        t('sourceText.sameSources')
      ) : (
        <>
          {label === 'coordinates' ? `${t('sourceText.from')} ` : null}
          {from.map((item, i) => (
            <Fragment key={item}>
              {i > 0 ? ', ' : null}
              {urls.includes(item) ? <Linked text={item} /> : item}
            </Fragment>
          ))}
        </>
      )}
      {notes.length > 0 ? ` (${notes.join(', ')})` : null}
    </li>
  );
}

/** A source text as a list of its sources, each linked and named (readSource); nothing when it names none. */
export function SourceList({ source }: { source: string | null }) {
  const parts = readSource(source);
  return parts.length === 0 ? null : (
    <ul className="monument-view__sources">
      {parts.map((part, i) => (
        <Part key={i} part={part} />
      ))}
    </ul>
  );
}

/** A monument's sources in the visitor's language: the seed's English notes are read, not shown (readSource). */
export function Sources({ source, headingId }: { source: string | null; headingId: string }) {
  const { t } = useTranslation();
  return (
    <section className="monument-view__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('monument.sources')}</h2>
      {readSource(source).length === 0 ? <p>{t('monument.noSources')}</p> : <SourceList source={source} />}
    </section>
  );
}
