// Every screen and state of the app, one entry each: the layout and WCAG 2.2 checks (screens.spec.ts)
// and `pnpm screens` (the same spec taking pictures) walk this one table. A new
// screen is one more entry; `open` reaches a state beyond the address, `visit` waits until it is settled.
import { addStaff, signIn } from './admin-fixtures';
import { request } from '@playwright/test';
import { Api, expect, mapReady, popupSettled, somewhere, test, unique, type Page } from './fixtures';
import { linkIn, mailTo } from './mailbox';
import { coordinateFields } from './place';

export type Lang = 'de' | 'en';

export type PageCase = {
  /** The test's name. */
  name: string;
  /** The picture's name: `{id}-{phone|desktop}-{de|en}.png`. */
  id: string;
  path: string;
  /** Signs in at /admin first (the staff screens). */
  staff?: boolean;
  /** Reaches the state after the page loaded (a popup open, a staff view chosen, a form sent). */
  open?: (page: Page, lang: Lang) => Promise<void>;
  /** Not in the WCAG 2.2 walk (a state of a page it checks already; keeps the CI budget). */
  noWcag?: boolean;
  /** A screen another piece of work is adding: skipped while this finds it missing. */
  missing?: (page: Page) => Promise<boolean>;
};

/** A content page is settled when its heading shows and the page it replaced has left. */
export async function settled(page: Page) {
  await expect(page.locator('.page')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

const staffView = (de: string, en: string) => async (page: Page, lang: Lang) => {
  // The staff area's own reads over first (the alerts, then the buttons' counts): a click while a
  // count widens its button may press one button and let go over another.
  const alerts = page.getByRole('region', { name: lang === 'de' ? 'Hinweise zu Stimmen' : 'Vote alerts' });
  await expect(alerts.getByRole('status')).not.toHaveText(lang === 'de' ? 'Wird geladen…' : 'Loading…');
  await expect(page.getByRole('button', { name: lang === 'de' ? /^Prüfen \(\d+\)$/ : /^To check \(\d+\)$/ })).toBeVisible();
  const button = page
    .getByRole('navigation', { name: lang === 'de' ? 'Bereich für die Stadt' : 'Staff area' })
    .getByRole('button', { name: lang === 'de' ? de : en });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
};

/** A well-formed token no mail ever carried (base64url, 43 characters). */
const FAKE_TOKEN = 'A'.repeat(43);
/** The not-found page's heading (app.notFound). */
const NOT_FOUND = /^(Diese Seite gibt es nicht\.|This page does not exist\.)$/;
const notFound = async (page: Page) => (await page.getByRole('heading', { level: 1, name: NOT_FOUND }).count()) > 0;
const POPUP_MONUMENT = 'mon-dreifaltigkeitssaeule';
const address = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.org`;

/** A fresh proposal on the popup's monument (through this browser's own cookies: /mine lists it). */
async function proposal(page: Page, label: string): Promise<{ id: number; name: string }> {
  const name = unique(label);
  const res = await page.request.post(`/api/interventions/${POPUP_MONUMENT}`, { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, name };
}

/**
 * A mayor's mail held for a check of the votes (ten votes from this machine's one network), made
 * once per worker: the outbox shows a row with its release button, the widest row it has.
 */
let heldMail: Promise<void> | undefined;
async function withHeldMail(page: Page) {
  heldMail ??= (async () => {
    const api = new Api(page.request, { request }, new URL(page.url()).origin);
    const monument = await api.addMonument(unique('Postausgang'), ...somewhere());
    const held = await api.addProposal(monument.id, unique('Zurückgehaltene E-Mail'));
    expect(await api.voteAsOthers(held.id, monument.id, 10, true)).toBe(10);
  })();
  await heldMail;
}

/** This browser votes for a fresh proposal and returns it. */
async function votedProposal(page: Page, label: string) {
  const p = await proposal(page, label);
  const res = await page.request.post(`/api/interventions/${p.id}/vote`, {
    data: { monumentId: POPUP_MONUMENT, action: 'vote' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return p;
}

/** Asks for a mail at `api` (a follow or a vote confirmation), opens its link and presses the page's button. */
async function confirmFromMail(page: Page, lang: Lang, api: string, prefix: string, button: RegExp) {
  const email = address('screens');
  const res = await page.request.post(api, { data: { email, lang } });
  expect(res.status(), await res.text()).toBe(202);
  await page.goto(linkIn(await mailTo(email, /./), prefix));
  await settled(page);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toBeVisible();
}

export const PAGES: PageCase[] = [
  { name: 'map', id: 'map', path: '/' },
  { name: 'map, clusters', id: 'map-clusters', path: '/?lat=48.3064&lng=14.2861&zoom=12' },
  {
    name: 'map, intro overlay',
    id: 'intro',
    path: '/',
    open: async (page) => {
      await page.evaluate(() => localStorage.removeItem('introSeen'));
      await page.reload();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'map, popup open', id: 'popup', path: `/?monument=${POPUP_MONUMENT}` },
  {
    name: 'map, popup after a vote',
    id: 'popup-voted',
    path: `/?monument=${POPUP_MONUMENT}`,
    open: async (page, lang) => {
      const { name } = await proposal(page, 'Bildschirm');
      await page.reload();
      await mapReady(page);
      const popup = page.locator('.leaflet-popup');
      await popup.getByRole('button', { name: lang === 'de' ? `Für „${name}“ stimmen` : `Vote for “${name}”` }).click();
      await expect(popup.getByRole('status').first()).not.toBeEmpty();
    },
  },
  {
    // A lazily loaded part that still fails after its retries: its small notice in its place (layout/lazyPart.tsx).
    name: 'map, popup whose script failed to load',
    id: 'popup-failed',
    path: `/?monument=${POPUP_MONUMENT}`,
    open: async (page) => {
      await page.route(/\/assets\/MonumentPopup-[^/]*\.js$/, (route) => route.abort());
      await page.reload();
      await mapReady(page);
      await expect(page.locator('.leaflet-popup .part-error')).toBeVisible();
      await popupSettled(page);
    },
  },
  {
    // Offline, the popup of a monument never opened on this device (the popup's code is in the
    // page already): it says why it shows no proposals, under the "no connection" banner.
    name: 'map, popup offline',
    id: 'popup-offline',
    path: `/?monument=${POPUP_MONUMENT}`,
    open: async (page) => {
      await page.locator('.leaflet-popup-close-button').click();
      await expect(page.locator('.leaflet-popup')).toHaveCount(0);
      await page.context().setOffline(true);
      // A monument Tab reaches (in view, nothing over it), as a keyboard user picks one: which markers
      // stand where depends on what other tests added. One well inside the map: focusing one at its
      // edge pans the map to it, and the markers drawn anew there lost the focus (CI, desktop).
      const key = await page.evaluate((skip) => {
        const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
        const inside = (r: DOMRect) =>
          r.left > map.left + 60 && r.right < map.right - 60 && r.top > map.top + 80 && r.bottom < map.bottom - 80;
        const markers = document.querySelectorAll<HTMLElement>(
          `.leaflet-marker-icon[tabindex="0"][data-key^="m:"]:not(.leaflet-marker-icon--covered, [data-key="${skip}"])`,
        );
        return [...markers].find((m) => inside(m.getBoundingClientRect()))?.dataset.key;
      }, `m:${POPUP_MONUMENT}`);
      expect(key, 'a monument marker well inside the map').toBeTruthy();
      const other = page.locator(`.leaflet-marker-icon[data-key="${key}"]`);
      await other.focus();
      await expect(other).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('.leaflet-popup .monument-popup__offline')).toBeVisible();
      // The map pans the new popup clear of the header: the checks wait until it stands still.
      await popupSettled(page);
    },
  },
  {
    name: 'map, filter panel',
    id: 'filter',
    path: '/',
    noWcag: true,
    open: async (page) => {
      await page.getByRole('button', { name: /^Filter/ }).click();
      await expect(page.getByRole('combobox').or(page.getByRole('searchbox')).first()).toBeVisible();
    },
  },
  {
    name: 'map, search typed',
    id: 'search',
    path: '/',
    noWcag: true,
    open: async (page, lang) => {
      await page.getByRole('button', { name: /^Filter/ }).click();
      const field = page.getByLabel(lang === 'de' ? 'Suche in Namen und Beschreibungen' : 'Search names and descriptions');
      await field.fill('Denkmal');
      await expect(page).toHaveURL(/q=Denkmal/);
    },
  },
  // Slot: the monument view (/monuments/ID), being built; until then the address shows the list
  // (or "not found") and the entry is skipped.
  {
    name: 'monument view',
    id: 'monument',
    path: `/monuments/${POPUP_MONUMENT}`,
    noWcag: true,
    missing: async (page) => (await page.locator('.finder-controls').count()) > 0 || (await notFound(page)),
  },
  {
    name: 'add',
    id: 'add',
    path: '/add',
    // The picture shows the place picker drawn, not its "loading" line.
    open: async (page) => {
      await expect(page.locator('.place-picker')).toBeVisible();
      await expect(page.locator('.place-field__loading')).toHaveCount(0);
    },
  },
  {
    // The arrival after /add: the message at the map's top, clear of its zoom and filter buttons.
    name: 'map, after adding a monument',
    id: 'map-added',
    path: '/add',
    open: async (page, lang) => {
      const form = page.getByRole('form', { name: lang === 'de' ? 'Neues Denkmal' : 'New monument' });
      await form.getByRole('textbox', { name: 'Name' }).fill(unique('Bildschirm-Denkmal'));
      // Its own place, where no other spec puts one (they stay west of 14.35 E but for one at 48.3,
      // 14.41): the target-size check counts every marker drawn near it, so a monument another
      // spec left at the view centre, where /add's pin starts, made a cluster over this one.
      // One place per project and language, 660 m apart: a neighbour is 400 px away at zoom 16.
      const slot = (test.info().project.name === 'phone' ? 2 : 0) + (lang === 'en' ? 1 : 0);
      const fields = await coordinateFields(page, lang);
      await fields.lat.fill(String(48.37 + slot * 0.006));
      await fields.lng.fill('14.4');
      await form.getByRole('textbox', { name: /^(Dein Vorschlag|Your proposal)/ }).fill('Ein Brunnen');
      await form.getByRole('button', { name: lang === 'de' ? 'Denkmal hinzufügen' : 'Add monument' }).click();
      await mapReady(page);
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: lang === 'de' ? 'Dein Denkmal ist jetzt' : 'Your monument is on the map now' }),
      ).toBeVisible();
    },
  },
  { name: 'monuments', id: 'monuments', path: '/monuments' },
  { name: 'proposals', id: 'proposals', path: '/interventions' },
  {
    name: 'mine',
    id: 'mine',
    path: '/mine',
    open: async (page) => {
      await votedProposal(page, 'Meins');
      // A monument this browser added: "Hinzugefügte Denkmäler".
      const added = await page.request.post('/api/add-monument', {
        data: { name: unique('Mein Denkmal'), geoLocX: 48.3, geoLocY: 14.29 },
      });
      expect(added.status(), await added.text()).toBe(201);
      await page.reload();
      await settled(page);
      await expect(page.getByRole('listitem').first()).toBeVisible();
    },
  },
  { name: 'about', id: 'about', path: '/about' },
  { name: 'stats', id: 'stats', path: '/stats' },
  { name: 'not found', id: 'not-found', path: '/gibt-es-nicht' },
  { name: 'follow confirm, invalid link', id: 'follow-confirm-invalid', path: '/follow/confirm' },
  { name: 'follow confirm, ask', id: 'follow-confirm-ask', path: `/follow/confirm?token=${FAKE_TOKEN}`, noWcag: true },
  {
    name: 'follow confirm, done',
    id: 'follow-confirm-done',
    path: '/about',
    noWcag: true,
    open: async (page, lang) => {
      const { id } = await proposal(page, 'Folgen');
      await confirmFromMail(page, lang, `/api/interventions/${id}/follow`, '/follow/confirm?token=', /^(Bestätigen|Confirm)$/);
    },
  },
  {
    name: 'follow confirm, expired link',
    id: 'follow-confirm-failed',
    path: `/follow/confirm?token=${FAKE_TOKEN}`,
    noWcag: true,
    open: async (page) => {
      await page.getByRole('button', { name: /^(Bestätigen|Confirm)$/ }).click();
      await expect(page.getByRole('alert')).not.toBeEmpty();
    },
  },
  { name: 'vote confirm, invalid link', id: 'vote-confirm-invalid', path: '/votes/confirm', noWcag: true },
  { name: 'vote confirm, ask', id: 'vote-confirm-ask', path: `/votes/confirm?token=${FAKE_TOKEN}`, noWcag: true },
  {
    name: 'vote confirm, done',
    id: 'vote-confirm-done',
    path: '/about',
    noWcag: true,
    open: async (page, lang) => {
      const { id } = await votedProposal(page, 'Bestätigt');
      await confirmFromMail(
        page,
        lang,
        `/api/interventions/${id}/vote/confirm`,
        '/votes/confirm?token=',
        /^(Stimme bestätigen|Confirm my vote)$/,
      );
    },
  },
  {
    name: 'vote confirm, link used again',
    id: 'vote-confirm-already',
    path: '/about',
    noWcag: true,
    open: async (page, lang) => {
      const { id } = await votedProposal(page, 'Zweimal');
      await confirmFromMail(
        page,
        lang,
        `/api/interventions/${id}/vote/confirm`,
        '/votes/confirm?token=',
        /^(Stimme bestätigen|Confirm my vote)$/,
      );
      await page.reload();
      await settled(page);
      await page.getByRole('button', { name: /^(Stimme bestätigen|Confirm my vote)$/ }).click();
      await expect(page.getByRole('status')).toContainText(lang === 'de' ? 'schon bestätigt' : 'confirmed already');
    },
  },
  { name: 'unsubscribe, ask', id: 'unsubscribe', path: `/follow/unsubscribe?token=${FAKE_TOKEN}`, noWcag: true },
  { name: 'impressum', id: 'impressum', path: '/impressum' },
  { name: 'accessibility statement', id: 'barrierefreiheit', path: '/barrierefreiheit' },
  { name: 'privacy', id: 'datenschutz', path: '/datenschutz' },
  { name: 'admin sign-in', id: 'admin-sign-in', path: '/admin' },
  { name: 'admin queue', id: 'admin-queue', path: '/admin', staff: true },
  {
    name: 'admin proposals',
    id: 'admin-proposals',
    path: '/admin',
    staff: true,
    open: staffView('Alle Vorschläge', 'All proposals'),
  },
  { name: 'admin reports', id: 'admin-reports', path: '/admin', staff: true, open: staffView('Meldungen', 'Reports') },
  { name: 'admin word screen', id: 'admin-words', path: '/admin', staff: true, open: staffView('Wortfilter', 'Word screen') },
  { name: 'admin reasons', id: 'admin-reasons', path: '/admin', staff: true, open: staffView('Begründungen', 'Reasons') },
  { name: 'admin audit', id: 'admin-audit', path: '/admin', staff: true, open: staffView('Protokoll', 'Audit log') },
  {
    name: 'admin outbox',
    id: 'admin-outbox',
    path: '/admin',
    staff: true,
    open: async (page, lang) => {
      await withHeldMail(page);
      await staffView('Postausgang', 'Mail outbox')(page, lang);
      await expect(
        page.getByRole('button', { name: lang === 'de' ? /^E-Mail zu „.*“ freigeben$/ : /^Release the e-mail/ }).first(),
      ).toBeVisible();
    },
  },
  // Issue 56: what a clerk cannot take back asks first: merging two proposals, removing personal data.
  {
    name: 'admin proposal merge',
    id: 'admin-proposal-merge',
    path: '/admin',
    staff: true,
    open: async (page, lang) => {
      await twoProposalsOnce(page);
      await staffView('Alle Vorschläge', 'All proposals')(page, lang);
      await page
        .locator('.admin-card')
        .first()
        .getByRole('button', { name: lang === 'de' ? 'Zusammenführen…' : 'Merge…' })
        .click();
      await page.getByRole('dialog').getByRole('radio').first().check();
    },
  },
  {
    name: 'admin audit, remove data',
    id: 'admin-audit-redact',
    path: '/admin',
    staff: true,
    open: async (page, lang) => {
      await auditedOnce(page);
      await staffView('Protokoll', 'Audit log')(page, lang);
      await page
        .getByRole('button', { name: lang === 'de' ? 'Daten entfernen…' : 'Remove data…' })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('textbox').fill('0664 1234567');
    },
  },
  // Issue 54: a street's popup (whom it honours), "Wo ist das?" and staff's view of the suggestions.
  { name: 'map, street popup', id: 'popup-street', path: '/?monument=mon-adalbert-stifter-platz' },
  { name: 'where is it', id: 'where-is-it', path: '/where-is-it' },
  {
    name: 'where is it, suggestion form',
    id: 'where-is-it-form',
    path: '/where-is-it',
    noWcag: true,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^(Ort für|Suggest a place for)/ })
        .first()
        .click();
      await expect(page.locator('.place-picker')).toBeVisible();
    },
  },
  {
    name: 'admin where is it',
    id: 'admin-places',
    path: '/admin',
    staff: true,
    open: async (page, lang) => {
      await suggestionsAgreeing(page);
      await staffView('Wo ist das?', 'Where is it?')(page, lang);
      await expect(page.locator('.places-item').first()).toBeVisible();
    },
  },
];

/** Two public proposals at the popup's monument, to merge one into the other (once per server). */
let proposed = false;
async function twoProposalsOnce(page: Page) {
  if (proposed) return;
  proposed = true;
  for (const name of ['Eine Tafel für die Trümmerfrauen', 'Tafel für die Trümmerfrauen von Linz']) {
    const res = await page.request.post(`/api/interventions/${POPUP_MONUMENT}`, { data: { name } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.reload();
}

/** One entry with recorded values in the audit log (a canned reason added), once per server. */
let audited = false;
async function auditedOnce(page: Page) {
  if (audited || !staff) return;
  audited = true;
  const res = await page.request.post('/trpc/staff.reasons.add', {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { de: 'Bitte ohne Telefonnummern', en: 'Please leave out phone numbers' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Three citizens from three networks suggest a place for the list's last item (once per server). */
let suggested = false;
async function suggestionsAgreeing(page: Page) {
  if (suggested) return;
  suggested = true;
  const items = (await (await page.request.get('/api/unplaced')).json()) as { id: string }[];
  const id = items.at(-1)?.id ?? '';
  for (const [k, net] of ['2001:db8:54:1::1', '2001:db8:54:2::1', '2001:db8:54:3::1'].entries()) {
    const res = await page.request.post(`/api/unplaced/${id}/suggestions`, {
      data: { lat: 48.3 + k * 0.0002, lng: 14.29, note: k === 0 ? 'Am Eck zur Hauptstraße' : undefined },
      headers: { 'x-forwarded-for': net },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

let staff: { name: string; token: string } | undefined;
const signedIn = new WeakSet<Page>();

/** Opens a page case and waits until it is settled (an upcoming screen whose route is missing skips the test). */
export async function visit(page: Page, c: PageCase, lang: Lang) {
  // A state that went offline (the offline popup) comes back online for the next visit.
  await page.context().setOffline(false);
  if (c.staff) {
    staff ??= addStaff('wcag');
    // Signed in once per page: a second visit finds the session.
    if (signedIn.has(page)) await page.goto(c.path);
    else await signIn(page, staff.token, staff.name, lang);
    signedIn.add(page);
  } else {
    await page.goto(c.path);
  }
  if (c.path.startsWith('/?') || c.path === '/') {
    await mapReady(page);
    if (c.path.includes('monument=') && c.id !== 'popup-failed') {
      await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2 })).toBeVisible();
      await popupSettled(page);
    }
  } else {
    await settled(page);
    if (c.missing) test.skip(await c.missing(page), `${c.path} is not built yet`);
  }
  await c.open?.(page, lang);
  // A popup whose content changed in the steps (a vote's message, another popup) is panned clear of
  // the header again: the checks wait until it stands still (CI caught them mid-pan twice).
  if (c.open && c.path.includes('monument=') && (await page.locator('.leaflet-popup').count()) > 0) await popupSettled(page);
  await expect(page.locator('.page')).toHaveCount(1);
}
