// The privacy notice (/datenschutz): a table of each kind of data kept, why and for how long, in
// German and English, with row and column headers, and axe-clean; each purpose with its own legal
// basis, and the controller and the backups' keeper as the site profile names them; every cookie
// the site sets, by the name a browser gets, with its lifetime.
import type { SiteInfo } from '@linz/contract';
import { seriousViolations } from './axe';
import { expect, somewhere, test, unique } from './fixtures';

const expected = {
  de: {
    caption: 'Gespeicherte Daten, Zweck und Aufbewahrungsdauer',
    columns: ['Daten', 'Wozu', 'Wie lange'],
    follows: /48 Stunden/,
  },
  en: { caption: 'Data kept, its purpose and how long it is kept', columns: ['Data', 'Why', 'How long'], follows: /48 hours/ },
};

for (const lang of ['de', 'en'] as const) {
  test.describe(`privacy table (${lang})`, () => {
    test.use({ lang });
    test('lists each kind of data with its purpose and how long it is kept; no serious axe violations', async ({ page }) => {
      test.slow(); // axe over a long page on a shared, busy machine
      await page.goto('/datenschutz');
      const table = page.getByRole('table', { name: expected[lang].caption });
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(expected[lang].columns);
      const rows = table.getByRole('row');
      await expect(rows).toHaveCount(1 + 17);
      // Every data row is named by its row header and has both cells filled.
      await expect(table.getByRole('rowheader')).toHaveCount(17);
      for (const cell of await table.locator('tbody td').all()) await expect(cell).not.toBeEmpty();
      await expect(table).toContainText(expected[lang].follows);
      await expect(table).toContainText('30');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

/** Purposes (by a few of their words) and the legal basis each must name (Art. 6(1) GDPR). */
const bases = {
  de: {
    label: 'Rechtsgrundlage:',
    controller: 'Verantwortlicher',
    purposes: 'Zwecke und Rechtsgrundlagen',
    caption: expected.de.caption,
    public: (publicBody: boolean) => `Art. 6 Abs. 1 lit. ${publicBody ? 'e' : 'f'} DSGVO`,
    each: [
      ['Stimmen zählen', 'public'],
      ['Protokollzeile je Anfrage', 'public'],
      ['Sicherungskopien der Datenbank', 'public'],
      ['dem du per E-Mail folgst', 'Art. 6 Abs. 1 lit. a DSGVO (deine Einwilligung)'],
      ['Deine Stimme per E-Mail bestätigen', 'Art. 6 Abs. 1 lit. a DSGVO (deine Einwilligung)'],
      ['Dir auf eine Rückmeldung zur Barrierefreiheit antworten', 'Art. 6 Abs. 1 lit. a DSGVO (deine Einwilligung)'],
      ['Anmeldung der Mitglieder des Teams', 'Art. 6 Abs. 1 lit. b DSGVO'],
    ],
    backupsRow: /^Sicherungskopien der Datenbank/,
  },
  en: {
    label: 'Legal basis:',
    controller: 'Controller',
    purposes: 'Purposes and legal bases',
    caption: expected.en.caption,
    public: (publicBody: boolean) => `Art. 6(1)(${publicBody ? 'e' : 'f'}) GDPR`,
    each: [
      ['Counting votes', 'public'],
      ['one log line per request', 'public'],
      ['Backup copies of the database', 'public'],
      ['a proposal you follow by e-mail', 'Art. 6(1)(a) GDPR (your consent)'],
      ['Confirming your vote by e-mail', 'Art. 6(1)(a) GDPR (your consent)'],
      ['Answering your accessibility feedback', 'Art. 6(1)(a) GDPR (your consent)'],
      ['Signing in the members of the team', 'Art. 6(1)(b) GDPR'],
    ],
    backupsRow: /^Backup copies of the database/,
  },
} as const;

for (const lang of ['de', 'en'] as const) {
  test.describe(`privacy notice's facts (${lang})`, () => {
    test.use({ lang });
    test('names a legal basis under each purpose, and the controller and backups as the site profile does', async ({
      page,
      request,
    }) => {
      const { profile } = (await (await request.get('/api/site')).json()) as SiteInfo;
      const text = bases[lang];
      await page.goto('/datenschutz');

      // The controller is the profile's operator, with its own contact details.
      const controller = page.getByRole('region', { name: text.controller, exact: true });
      await expect(controller).toContainText(profile.operator.name);
      await expect(controller.getByRole('link', { name: profile.operator.email })).toHaveAttribute(
        'href',
        `mailto:${profile.operator.email}`,
      );
      await expect(controller.getByRole('link', { name: profile.operator.phone })).toBeVisible();

      // Every purpose says its legal basis; the ones asked for are consent, staff sign-in a contract.
      const purposes = page.getByRole('region', { name: text.purposes }).getByRole('listitem');
      await expect(purposes).toHaveCount(12);
      for (const item of await purposes.all()) await expect(item).toContainText(text.label);
      for (const [words, basis] of text.each) {
        const item = purposes.filter({ hasText: words });
        await expect(item, words).toHaveCount(1);
        await expect(item, words).toContainText(basis === 'public' ? text.public(profile.publicBody) : basis);
      }

      // Backups: who keeps them and for how long are the profile's, not a claim about the city.
      const backups = page.getByRole('table', { name: text.caption }).getByRole('row', { name: text.backupsRow });
      await expect(backups).toContainText(profile.backups.keeper);
      await expect(backups).toContainText(profile.backups.retention[lang]);
      await expect(page.getByRole('main')).not.toContainText(
        lang === 'de' ? 'Verantwortung der Stadt' : 'responsibility of the city',
      );
      // The shipped profile is an example, and the page says so.
      expect(profile.example).toBe(true);
      await expect(page.getByRole('main')).toContainText(lang === 'de' ? 'Beispielangaben' : 'Example details');
    });
  });
}

const cookieTable = {
  de: {
    caption: 'Die Cookies dieser Website',
    lifetimes: { voter: '1 Jahr', denkmal_wrote: '2 Sekunden', staff_session: '12 Stunden', oidc_tx: '10 Minuten' },
  },
  en: {
    caption: 'The cookies of this website',
    lifetimes: { voter: '1 year', denkmal_wrote: '2 seconds', staff_session: '12 hours', oidc_tx: '10 minutes' },
  },
} as const;

for (const lang of ['de', 'en'] as const) {
  test.describe(`privacy notice's cookies (${lang})`, () => {
    test.use({ lang });
    test('lists every cookie a vote sets, by the name the browser got, with how long it lasts', async ({ page, api }) => {
      const monument = await api.addMonument(unique('Cookie-Denkmal'), ...somewhere());
      const proposal = await api.addProposal(monument.id, unique('Cookie-Vorschlag'));
      // The vote goes through the page's own browser context: its cookies are the ones it gets.
      const res = await page.request.post(`/api/interventions/${proposal.id}/vote`, {
        data: { monumentId: monument.id, action: 'vote' },
      });
      expect(res.status(), await res.text()).toBe(200);
      const got = (await page.context().cookies()).map((c) => c.name);
      expect(got).toEqual(expect.arrayContaining(['voter', 'denkmal_wrote']));

      await page.goto('/datenschutz');
      const table = page.getByRole('table', { name: cookieTable[lang].caption });
      await expect(table.getByRole('rowheader')).toHaveText(Object.keys(cookieTable[lang].lifetimes));
      for (const name of got) await expect(table.getByRole('rowheader', { name, exact: true }), name).toHaveCount(1);
      for (const [name, lifetime] of Object.entries(cookieTable[lang].lifetimes))
        await expect(table.getByRole('row', { name: new RegExp(`^${name}\\b`) }), name).toContainText(lifetime);
    });
  });
}
