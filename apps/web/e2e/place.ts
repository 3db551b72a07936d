// /add's place: the coordinates for experts sit behind a disclosure; the pin fills them rounded to 6 decimals.
import type { Page } from '@playwright/test';

const NAMES = {
  de: { open: 'Koordinaten selbst eingeben', lat: 'Breitengrad', lng: 'Längengrad' },
  en: { open: 'Enter coordinates yourself', lat: 'Latitude', lng: 'Longitude' },
};

/** Opens the disclosure (if closed) and gives its two fields. */
export async function coordinateFields(page: Page, lang: 'de' | 'en' = 'de') {
  const names = NAMES[lang];
  const details = page.locator('details', { has: page.getByText(names.open, { exact: true }) });
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await page.getByText(names.open, { exact: true }).click();
  return { lat: page.getByRole('textbox', { name: names.lat }), lng: page.getByRole('textbox', { name: names.lng }) };
}

/** What the form shows and sends for a place pressed on the map. */
export const round6 = (n: number) => String(Math.round(n * 1e6) / 1e6);
