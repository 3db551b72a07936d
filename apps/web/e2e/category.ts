/** A category only the e2e run's site profile adds (playwright.config.ts), for stats.spec.ts. */
export const E2E_CATEGORY = 'e2e-statistik';
