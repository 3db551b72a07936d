// Every page and state the WCAG 2.2 checks walk (wcag22.spec.ts): one entry each. A new page is
// one more line here; `ready` waits until it is settled, `open` reaches a state beyond the address.
import { addStaff, signIn } from './admin-fixtures';
import { expect, mapReady, type Page } from './fixtures';

export type PageCase = {
  name: string;
  path: string;
  /** Signs in at /admin first (the staff screens). */
  staff?: boolean;
  /** Reaches the state after the page loaded (a popup open, a staff view chosen). */
  open?: (page: Page, lang: 'de' | 'en') => Promise<void>;
};

/** A content page is settled when its heading shows and the page it replaced has left. */
export async function settled(page: Page) {
  await expect(page.locator('.page')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

const staffView = (de: string, en: string) => async (page: Page, lang: 'de' | 'en') => {
  await page
    .getByRole('navigation', { name: lang === 'de' ? 'Bereich für die Stadt' : 'Staff area' })
    .getByRole('button', { name: lang === 'de' ? de : en })
    .click();
};

export const PAGES: PageCase[] = [
  { name: 'map', path: '/' },
  { name: 'map, clusters', path: '/?lat=48.3064&lng=14.2861&zoom=12' },
  { name: 'map, popup open', path: '/?monument=mon-dreifaltigkeitssaeule' },
  { name: 'add', path: '/add' },
  { name: 'monuments', path: '/monuments' },
  { name: 'interventions', path: '/interventions' },
  { name: 'mine', path: '/mine' },
  { name: 'about', path: '/about' },
  { name: 'stats', path: '/stats' },
  { name: 'not found', path: '/gibt-es-nicht' },
  { name: 'follow confirm', path: '/follow/confirm' },
  { name: 'impressum', path: '/impressum' },
  { name: 'accessibility statement', path: '/barrierefreiheit' },
  { name: 'privacy', path: '/datenschutz' },
  { name: 'admin sign-in', path: '/admin' },
  { name: 'admin queue', path: '/admin', staff: true },
  { name: 'admin proposals', path: '/admin', staff: true, open: staffView('Alle Vorschläge', 'All proposals') },
  { name: 'admin audit', path: '/admin', staff: true, open: staffView('Protokoll', 'Audit log') },
  { name: 'admin outbox', path: '/admin', staff: true, open: staffView('Postausgang', 'Mail outbox') },
];

let staff: { name: string; token: string } | undefined;
const signedIn = new WeakSet<Page>();

/** Opens a page case and waits until it is settled. */
export async function visit(page: Page, c: PageCase, lang: 'de' | 'en') {
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
    if (c.path.includes('monument='))
      await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2 })).toBeVisible();
  } else {
    await settled(page);
  }
  await c.open?.(page, lang);
  await expect(page.locator('.page')).toHaveCount(1);
}
