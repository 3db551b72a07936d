// The legal pages: every page has the same link row (help, contact, Impressum,
// Datenschutz, Barrierefreiheit) at the bottom; each legal page has its required sections in both
// languages and no serious axe violations; the accessibility feedback form reaches staff (the
// e2e SMTP peer's mailbox and /admin); /admin warns when the statement's review is a year old.
import { addStaff, revokeStaff, signIn } from './admin-fixtures';
import { seriousViolations } from './axe';
import { asOtherClient, expect, test, unique, type Page } from './fixtures';
import { mailTo } from './mailbox';

const FEEDBACK_ADDRESS = 'barrierefreiheit@denkmal-linz.example'; // apps/api/cities/linz/site.json

const sections = {
  de: {
    '/impressum': {
      h1: 'Impressum und Offenlegung',
      h2: [
        'Medieninhaber und Herausgeber',
        'Kontakt',
        'Unternehmensgegenstand',
        'Grundlegende Richtung',
        'Verantwortlich für den Inhalt',
      ],
    },
    '/datenschutz': {
      h1: 'Datenschutzerklärung',
      h2: [
        'Verantwortlicher',
        'Datenschutzbeauftragte:r',
        'Zwecke und Rechtsgrundlagen',
        'Empfänger',
        'Welche Daten wir wie lange aufbewahren',
        'Cookies und Speicher in deinem Browser',
        'Einem Vorschlag folgen',
        'Prüfung von Stimmen und Fotos',
        'Deine Rechte',
        'Beschwerde bei der Datenschutzbehörde',
      ],
    },
    '/barrierefreiheit': {
      h1: 'Erklärung zur Barrierefreiheit',
      h2: [
        'Stand der Vereinbarkeit mit den Anforderungen',
        'Nicht barrierefreie Inhalte',
        'Erstellung dieser Erklärung',
        'Feedback und Kontakt',
        'Durchsetzungsverfahren',
      ],
    },
  },
  en: {
    '/impressum': {
      h1: 'Legal notice (Impressum) and disclosure',
      h2: ['Media owner and publisher', 'Contact', 'Line of business', 'Basic editorial line', 'Responsible for the content'],
    },
    '/datenschutz': {
      h1: 'Privacy notice',
      h2: [
        'Controller',
        'Data protection officer',
        'Purposes and legal bases',
        'Recipients',
        'What data we keep, and for how long',
        'Cookies and storage in your browser',
        'Following a proposal',
        'Checking votes and photos',
        'Your rights',
        'Complaint to the Data Protection Authority',
      ],
    },
    '/barrierefreiheit': {
      h1: 'Accessibility statement',
      h2: [
        'Compliance status',
        'Non-accessible content',
        'Preparation of this statement',
        'Feedback and contact',
        'Enforcement procedure',
      ],
    },
  },
} as const;

/** What each legal page must say beyond its headings (an Art. 13 item, the model statement's facts). */
const facts = {
  de: {
    '/impressum': ['Kollektiv Denk·Mal', '4020 Linz', 'hallo@denkmal-linz.example', '§ 25 Mediengesetz'],
    '/datenschutz': [
      'Art. 6 Abs. 1 lit. f DSGVO',
      'Art. 6 Abs. 1 lit. a DSGVO',
      'Art. 15 DSGVO',
      'Art. 21 DSGVO',
      'dsb@dsb.gv.at',
      'basemap.at',
    ],
    '/barrierefreiheit': [
      'teilweise vereinbar',
      'Selbstbewertung',
      'wcag22aa',
      '§ 15b Oö. Antidiskriminierungsgesetz',
      'Oö. WEBVO 2020',
      '25. November 2026',
    ],
  },
  en: {
    '/impressum': ['Kollektiv Denk·Mal', '4020 Linz', 'hallo@denkmal-linz.example', '§ 25 of the Austrian Media Act'],
    '/datenschutz': ['Art. 6(1)(f) GDPR', 'Art. 6(1)(a) GDPR', 'Art. 15 GDPR', 'Art. 21 GDPR', 'dsb@dsb.gv.at', 'basemap.at'],
    '/barrierefreiheit': ['partially compliant', 'self-assessment', 'wcag22aa', 'Oö. WEBVO 2020', '25 November 2026'],
  },
} as const;

const LINKS = {
  de: ['Hilfe', 'Kontakt', 'Impressum', 'Datenschutz', 'Barrierefreiheit'],
  en: ['Help', 'Contact', 'Legal notice', 'Privacy', 'Accessibility'],
};
const HREFS = ['/about#hilfe', '/impressum#kontakt', '/impressum', '/datenschutz', '/barrierefreiheit'];
const PAGES = [
  '/',
  '/about',
  '/add',
  '/interventions',
  '/monuments',
  '/stats',
  '/mine',
  '/admin',
  '/impressum',
  '/datenschutz',
  '/barrierefreiheit',
  '/no-such-page',
];

const linkRow = (page: Page, lang: 'de' | 'en') =>
  page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: lang === 'de' ? 'Rechtliches, Hilfe und Kontakt' : 'Legal, help and contact' });

test('every page has the same link row with help, contact and the three legal pages, at the bottom of the window', async ({
  page,
}) => {
  test.slow(); // twelve pages, the map among them, on a shared machine
  const viewport = page.viewportSize();
  for (const path of PAGES) {
    await page.goto(path);
    const row = linkRow(page, 'de');
    const links = row.getByRole('link');
    await expect(links, path).toHaveText(LINKS.de);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))), path).toEqual(HREFS);
    // The same place on every page (WCAG 3.2.6): the row ends at the window's bottom edge.
    const box = await row.boundingBox();
    expect(box && viewport ? Math.round(box.y + box.height) : -1, path).toBe(viewport?.height);
  }
  // On the map it sits under the tiles' attribution.
  await page.goto('/');
  const attribution = page.locator('.leaflet-control-attribution');
  await expect(attribution).toBeVisible();
  const [credit, row] = [await attribution.boundingBox(), await linkRow(page, 'de').boundingBox()];
  expect(credit && row ? credit.y + credit.height <= row.y + 1 : false).toBe(true);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const lang of ['de', 'en'] as const) {
    test(`the link row stays one line of targets at least 24 px high and wide (${lang})`, async ({ page }) => {
      await page.goto('/monuments');
      if (lang === 'en') await page.getByRole('button', { name: 'Switch to English' }).click();
      const row = linkRow(page, lang);
      await expect(row.getByRole('link')).toHaveText(LINKS[lang]);
      const boxes = await row.getByRole('link').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
      expect(new Set(boxes.map((b) => Math.round(b.top))).size, 'one line').toBe(1);
      for (const b of boxes) expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(24);
    });
  }
});

for (const lang of ['de', 'en'] as const) {
  test.describe(`legal pages (${lang})`, () => {
    test.use({ lang });
    for (const path of ['/impressum', '/datenschutz', '/barrierefreiheit'] as const) {
      test(`${path} has its required sections and facts; no serious axe violations`, async ({ page }) => {
        test.slow(); // axe over a long page on a shared machine
        await page.goto('/');
        await linkRow(page, lang)
          .getByRole('link', { name: LINKS[lang][HREFS.indexOf(path)], exact: true })
          .click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        const expected = sections[lang][path];
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.h1);
        await expect(page.getByRole('heading', { level: 2 })).toHaveText([...expected.h2]);
        for (const h2 of expected.h2) await expect(page.getByRole('region', { name: h2, exact: true })).toBeVisible();
        const main = page.getByRole('main');
        for (const fact of facts[lang][path]) await expect(main).toContainText(fact);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the privacy notice gives the server retention numbers, absorbs /about’s privacy sections, and /about links to it', async ({
  page,
  request,
}) => {
  const site = (await (await request.get('/api/site')).json()) as { retention: Record<string, number> };
  await page.goto('/datenschutz');
  const table = page.getByRole('table', { name: 'Gespeicherte Daten, Zweck und Aufbewahrungsdauer' });
  await expect(table.getByRole('row', { name: /^Mit einem Tagesschlüssel/ })).toContainText(
    `${site.retention.addressHashDays} Tage`,
  );
  await expect(table.getByRole('row', { name: /^Rückmeldungen zur Barrierefreiheit/ })).toContainText(
    `Die E-Mail-Adresse ${site.retention.feedbackEmailDays} Tage, die Nachricht ${site.retention.feedbackDays} Tage`,
  );
  await page.goto('/about#about-privacy');
  const privacy = page.getByRole('region', { name: 'Datenschutz' });
  await privacy.getByRole('link', { name: 'Zur Datenschutzerklärung' }).click();
  await expect(page).toHaveURL(/\/datenschutz$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
});

test('the feedback form names a missing message at its field, then reaches staff by mail and in /admin', async ({ page }) => {
  test.slow(); // a mail round trip and the staff area
  const message = `${unique('Kontrast')}: Die Links im Fußbereich sind schwer zu lesen.`;
  // A household of its own: feedback mails are capped per household and hour (other specs send feedback too).
  await page.setExtraHTTPHeaders(asOtherClient());
  await page.goto('/barrierefreiheit');
  const form = page.getByRole('form', { name: 'Feedback und Kontakt' });
  await form.getByRole('button', { name: 'Rückmeldung senden' }).click();
  const box = form.getByLabel('Was ist schwer zu benutzen?');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('Bitte beschreib kurz, was schwer zu benutzen ist.');
  await box.fill(message);
  await form.getByLabel('Auf welcher Seite? (freiwillig)').fill('/monuments');
  await form.getByLabel(/Deine E-Mail-Adresse/).fill('anna@example.org');
  await form.getByRole('button', { name: 'Rückmeldung senden' }).click();
  await expect(form.getByRole('status')).toHaveText('Danke! Deine Rückmeldung ist beim Team angekommen.');
  await expect(box).toHaveValue('');

  // The subject carries the number alone (issue 56: no visitor's words in subjects); the body the page.
  const mail = await mailTo(FEEDBACK_ADDRESS, /^Barrierefreiheit: Rückmeldung Nr\. \d+$/);
  expect(mail.text).toContain('/monuments');
  expect(mail.text).toContain(message);
  expect(mail.replyTo?.value[0]?.address).toBe('anna@example.org');

  const staff = addStaff('Barrierefreiheit');
  try {
    await signIn(page, staff.token, staff.name);
    await page.getByRole('button', { name: 'Barrierefreiheit' }).click();
    const table = page.getByRole('table', { name: 'Rückmeldungen, neueste zuerst' });
    const row = table.getByRole('row').filter({ hasText: message });
    await expect(row).toContainText('/monuments');
    await expect(row.getByRole('link', { name: 'anna@example.org' })).toHaveAttribute('href', 'mailto:anna@example.org');
    await expect(row).toContainText('gesendet');
    expect(await seriousViolations(page, '.admin-section')).toEqual([]);
  } finally {
    revokeStaff(staff.name);
  }
});

test('/admin warns once the accessibility statement was last reviewed more than a year ago', async ({ page }) => {
  test.slow(); // the staff CLI twice and the staff area, on a shared machine
  const staff = addStaff('Prüfdatum');
  try {
    await signIn(page, staff.token, staff.name);
    const warning = page.getByRole('alert').filter({ hasText: 'Erklärung zur Barrierefreiheit' });
    await expect(warning).toHaveCount(0);
    // A year and a day after the default profile's review (2026-11-25).
    await page.clock.install({ time: new Date('2027-11-26T10:00:00Z') });
    await page.reload();
    await expect(page.getByText(`Angemeldet als ${staff.name}`).first()).toBeVisible();
    await expect(warning).toContainText('zuletzt am 25. November 2026 überprüft, vor mehr als einem Jahr');
  } finally {
    revokeStaff(staff.name);
  }
});

test('"Hilfe" leads to the help on /about: how the map works, with the city’s threshold', async ({ page }) => {
  await page.goto('/');
  await linkRow(page, 'de').getByRole('link', { name: 'Hilfe', exact: true }).click();
  await expect(page).toHaveURL(/\/about#hilfe$/);
  const help = page.getByRole('region', { name: 'Hilfe: So funktioniert die Karte' });
  await expect(help).toBeInViewport();
  await expect(help).toContainText('Erreicht ein Vorschlag 10 Stimmen');
  await expect(help).toContainText('halte die Karte 3 Sekunden lang gedrückt');
});
