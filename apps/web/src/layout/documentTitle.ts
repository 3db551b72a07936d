// Each page's tab title: its heading and the site's name ("Statistik – Denk·Mal Graz", the profile's productName), the map's
// the site's name alone. Read from the page's own <h1>, so it follows the language, a monument's
// name and a lazily loaded page without a second list of titles.
import { cityVariables } from '../i18n/city';

let root: HTMLElement | null = null;

/** Sets the title from the page shown now (the one not leaving) and the site's name. */
export function refreshTitle(): void {
  const product = cityVariables.product;
  const heading = root?.querySelector('.page:not(.page--leaving) h1')?.textContent?.trim();
  const title = heading && product ? `${heading} – ${product}` : heading || product;
  if (title && document.title !== title) document.title = title;
}

/** Follows the pages inside `main` as they change; returns the way to stop. */
export function watchDocumentTitle(main: HTMLElement): () => void {
  root = main;
  const observer = new MutationObserver(refreshTitle);
  observer.observe(main, { subtree: true, childList: true, characterData: true });
  refreshTitle();
  return () => {
    observer.disconnect();
    if (root === main) root = null;
  };
}
