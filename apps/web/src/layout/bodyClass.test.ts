import { describe, expect, it } from 'vitest';
import { applyBodyClass, bodyClassFor } from './bodyClass';

describe('body class by route (spec section 2)', () => {
  it('names the page', () => {
    expect(bodyClassFor('/')).toBe('home-page');
    expect(bodyClassFor('/about')).toBe('about-page');
    expect(bodyClassFor('/add')).toBe('add-page');
    expect(bodyClassFor('/interventions')).toBe('default-page');
    expect(bodyClassFor('/elsewhere')).toBe('default-page');
  });

  it('replaces the previous page class and keeps others', () => {
    document.body.className = 'keep home-page';
    applyBodyClass('/about');
    expect(document.body.className).toBe('keep about-page');
  });
});
