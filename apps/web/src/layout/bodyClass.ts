// The page body carries a class by route (spec section 2).
export function bodyClassFor(pathname: string): string {
  switch (pathname) {
    case '/':
      return 'home-page';
    case '/about':
      return 'about-page';
    case '/add':
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
