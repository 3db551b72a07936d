// /impressum: Medieninhaber und Herausgeber, address, contact, line of business, basic editorial
// line and who is responsible (§ 5 ECG, § 25 MedienG); the facts from the site profile.
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HELP_ID } from '../about/help';
import { LegalPage, Section } from './LegalPage';
import { localised, webAddressLabel } from '../api/queries/site';

export function ImpressumPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <LegalPage className="impressum" headline={t('legal.impressum.headline')}>
      {({ profile: { operator, responsible } }) => (
        <>
          <p>{t('legal.impressum.intro')}</p>
          <Section id="impressum-owner" headline={t('legal.impressum.owner')}>
            <address>
              {operator.name}
              <br />
              {operator.address.street}
              <br />
              {operator.address.postalCode} {operator.address.city}
              <br />
              {localised(operator.address.country, lang)}
            </address>
          </Section>
          <Section id="kontakt" headline={t('legal.impressum.contact')}>
            <ul>
              <li>
                <a href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>
                  {t('legal.impressum.phone', { phone: operator.phone })}
                </a>
              </li>
              <li>
                <a href={`mailto:${operator.email}`}>{t('legal.impressum.email', { email: operator.email })}</a>
              </li>
              {operator.website && (
                <li>
                  <a href={operator.website} rel="noopener noreferrer">
                    {t('legal.impressum.website', { address: webAddressLabel(operator.website) })}
                  </a>
                </li>
              )}
            </ul>
            <p>{t('legal.impressum.help')}</p>
            <ul>
              <li>
                <Link to={APP_PATHS.about} hash={HELP_ID}>
                  {t('legal.impressum.helpAbout')}
                </Link>
              </li>
              <li>
                <Link to={APP_PATHS.accessibility} hash="feedback">
                  {t('legal.impressum.helpAccessibility')}
                </Link>
              </li>
            </ul>
          </Section>
          <Section id="impressum-business" headline={t('legal.impressum.business')}>
            <p>{localised(operator.lineOfBusiness, lang)}</p>
          </Section>
          <Section id="impressum-editorial" headline={t('legal.impressum.editorial')}>
            <p>{localised(operator.editorialLine, lang)}</p>
          </Section>
          <Section id="impressum-responsible" headline={t('legal.impressum.responsible')}>
            <p>
              {responsible.name} ({localised(responsible.role, lang)})
            </p>
          </Section>
          {operator.register && (
            <Section id="impressum-register" headline={t('legal.impressum.register')}>
              <p>{localised(operator.register, lang)}</p>
            </Section>
          )}
        </>
      )}
    </LegalPage>
  );
}
