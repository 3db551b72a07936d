// The page body carries a class by route (spec section 2).
import { APP_PATHS } from '@linz/contract/facts';

export function bodyClassFor(pathname: string): string {
  switch (pathname) {
    case APP_PATHS.home:
      return 'home-page';
    case APP_PATHS.about:
      return 'about-page';
    case APP_PATHS.add:
      return 'add-page';
    default:
      return 'default-page';
  }
}

const ALL = ['home-page', 'about-page', 'add-page', 'default-page'];

export function applyBodyClass(pathname: string, body: HTMLElement = document.body): void {
  body.classList.remove(...ALL);
  body.classList.add(bodyClassFor(pathname));
}
