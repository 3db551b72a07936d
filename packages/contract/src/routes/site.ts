// What the web app needs of this server, and the legal pages.
import { ClientConfig } from '../client-config.js';
import { PATHS } from '../facts.js';
import { AccessibilityFeedbackReceived, NewAccessibilityFeedback, SiteInfo } from '../site.js';
import type { Route } from './route.js';

export const siteRoutes = {
  clientConfig: { method: 'GET', path: PATHS.clientConfig, answer: ClientConfig, status: 200, etag: true },
  /** Who runs this site and how long it keeps what: the Impressum's, the statement's and the privacy page's facts. */
  site: { method: 'GET', path: PATHS.site, answer: SiteInfo, status: 200, etag: true },
  /** A barrier reported from the accessibility statement's form: stored, mailed to staff; 202. */
  accessibilityFeedback: {
    method: 'POST',
    path: PATHS.accessibilityFeedback,
    body: NewAccessibilityFeedback,
    answer: AccessibilityFeedbackReceived,
    status: 202,
  },
} as const satisfies Record<string, Route>;
