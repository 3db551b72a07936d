// /about, the help: project, how the map works and the welcome overlay once more, artist, credits, a pointer to the
// privacy notice (/datenschutz, which holds the privacy sections this page had), and the contact
// footer (the operator's details from the site profile, its social account included).
import { APP_PATHS } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { branding } from '../branding';
import { showIntro } from '../intro/introState';
import { BackLink } from '../layout/BackLink';
import { siteQuery, webAddressLabel } from '../api/queries/site';
import { clientConfigQuery } from '../api/queries';
import { FALLBACK_TILES } from '../map/tiles';
import { langOf } from '../i18n/languages';
import { useVoteThreshold } from '../api/queries/voteThreshold';
import { HELP_ID } from './help';

function Section({ id, headline, paragraphs }: { id: string; headline: string; paragraphs: string[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{headline}</h2>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}

export function AboutPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const operator = useQuery(siteQuery()).data?.profile.operator;
  const config = useQuery(clientConfigQuery()).data ?? FALLBACK_TILES;
  const threshold = useVoteThreshold();
  const sources = config.city.sources;
  // The map's credit as the city configured it (HTML for the map's corner), read here as its words.
  const tiles = new DOMParser().parseFromString(config.tileAttribution[lang], 'text/html').body.textContent ?? '';
  return (
    <div className="content about">
      <BackLink label={t('about.back')} />
      <h1>{t('about.projectHeadline')}</h1>
      {['project1', 'project2', 'project3'].map((key) => (
        <p key={key}>{t(`about.${key}`)}</p>
      ))}
      {/* The help ("Hilfe" under every page links here): how the map works, and the welcome once more. */}
      <Section
        id={HELP_ID}
        headline={t('about.helpHeadline')}
        paragraphs={[t('about.help1'), t('about.help2'), t('about.help3', { threshold })]}
      />
      <div className="about__intro-again">
        <button type="button" className="button" onClick={showIntro}>
          {t('intro.again')}
        </button>
      </div>
      <Section
        id="about-artist"
        headline={t('about.artistHeadline')}
        paragraphs={[t('about.artist1', { artist: branding.artist }), t('about.artist2')]}
      />
      <Section
        id="about-credits"
        headline={t('about.creditsHeadline')}
        paragraphs={[
          t('about.creditMap'),
          t('about.creditTiles', { tiles }),
          ...(sources.length > 0
            ? [t('about.creditCity', { sources: sources.map((x) => `${x.name[lang]} (${x.licence[lang]})`).join('; ') })]
            : []),
        ]}
      />
      {/* Kept under its old id, so links to /about#about-privacy still lead to the privacy notice. */}
      <section aria-labelledby="about-privacy">
        <h2 id="about-privacy">{t('about.privacyHeadline')}</h2>
        <p>{t('about.privacy1')}</p>
        <p>
          <Link to={APP_PATHS.privacy}>{t('about.privacyLink')}</Link>
        </p>
      </section>
      <section className="contact" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('about.contactHeadline')}</h2>
        <ul>
          {/* The operator's phone, e-mail, web address and account are the site profile's, as on /impressum. */}
          {operator && (
            <>
              <li>
                <a href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>{t('about.phone', { phone: operator.phone })}</a>
              </li>
              <li>
                <a href={`mailto:${operator.email}`}>{t('about.email', { email: operator.email })}</a>
              </li>
            </>
          )}
          {operator?.social && (
            <li>
              <a href={operator.social.url} rel="noopener noreferrer">
                {t('about.social', { handle: operator.social.label })}
              </a>
            </li>
          )}
          {operator?.website && (
            <li>
              <a href={operator.website} rel="noopener noreferrer">
                {t('about.website', { address: webAddressLabel(operator.website) })}
              </a>
            </li>
          )}
        </ul>
        <p>{t('about.copyright', { year: branding.copyrightYear, holder: branding.artist })}</p>
      </section>
      <BackLink label={t('about.back')} />
    </div>
  );
}
