// Use cases of the staff desk besides moderation: signing in and out, the canned reasons for
// hiding, the word screen's lists, the audit log, the accessibility reports and the outbox. Each
// change runs as the signed-in member and is in the audit log.
import type { AuditFilter, AuditRedaction, ModerationReasonText, ScreenWord } from '@linz/contract';
import { listFeedback } from '../site/accessibility-feedback.js';
import { auditCsv, listAudit, redactAudit } from './audit.js';
import { addReason, listReasons, removeReason, updateReason } from '../moderation/moderation-reasons.js';
import { listOutbox, retryMail } from '../outbox.js';
import {
  addScreenAllow,
  addScreenWord,
  listScreenAllow,
  listScreenWords,
  removeScreenAllow,
  removeScreenWord,
} from '../moderation/screen.js';
import { accountSignIn, signIn, signOut } from './staff.js';
import { NotFound, Unauthorized } from '../errors.js';
import { nameOf, OidcRefused, type OidcTransaction } from './oidc.js';
import { staffName, type Actor, type App } from '../app.js';

/** Signs in with a staff token (failed attempts are limited per address); the new session is kept
 * by the transport (`startStaffSession`: its cookie). */
export async function signInWithToken(
  app: App,
  input: { token: string },
  actor: Actor & { startStaffSession(sessionId: string): void },
) {
  const { member, sessionId } = await signIn(app.database, input.token, await actor.ipHash());
  actor.startStaffSession(sessionId);
  return { name: member.name };
}

/** Ends the session of the request's cookie, if there is one. */
export async function signOutSession(app: App, input: { sessionId: string | undefined }) {
  if (input.sessionId !== undefined) await signOut(app.database, input.sessionId);
  return { ok: true as const };
}

export const signedInMember = async (_app: App, _input: void, actor: Actor) => ({ name: await staffName(actor) });

export const moderationReasons = (app: App) => listReasons(app.database);
export const addModerationReason = async (app: App, input: ModerationReasonText, actor: Actor) =>
  addReason(app.database, await staffName(actor), input);
export const updateModerationReason = async (app: App, input: ModerationReasonText & { id: number }, actor: Actor) =>
  updateReason(app.database, await staffName(actor), input.id, { de: input.de, en: input.en });
export const removeModerationReason = async (app: App, input: { id: number }, actor: Actor) =>
  removeReason(app.database, await staffName(actor), input.id);

export const screenWords = (app: App) => listScreenWords(app.database);
export const addToScreen = async (app: App, input: ScreenWord, actor: Actor) =>
  addScreenWord(app.database, await staffName(actor), input);
export const removeFromScreen = async (app: App, input: ScreenWord, actor: Actor) =>
  removeScreenWord(app.database, await staffName(actor), input);
export const screenAllowList = (app: App) => listScreenAllow(app.database);
export const allowWord = async (app: App, input: { word: string }, actor: Actor) =>
  addScreenAllow(app.database, await staffName(actor), input.word);
export const disallowWord = async (app: App, input: { word: string }, actor: Actor) =>
  removeScreenAllow(app.database, await staffName(actor), input.word);

export const auditPage = (app: App, input: AuditFilter) => listAudit(app.database, input);
/** The same filters as CSV, in the staff member's language (the built web app's texts). */
export const auditCsvExport = async (app: App, { lang, ...filter }: AuditFilter & { lang: string }) =>
  auditCsv(app.database, filter, { lang, lookup: await app.webTexts(lang), timeZone: app.config.city.timeZone });
/** Personal data taken out of the log's recorded values for one item (GDPR Art. 17; audited). */
export const redactAuditEntries = async (app: App, input: AuditRedaction, actor: Actor) =>
  redactAudit(app.database, await staffName(actor), input);
export const accessibilityReports = (app: App) => listFeedback(app.database);

export const outbox = (app: App) => listOutbox(app.database);
/** Sends a failed mail again (audited): the sender is woken. */
export async function retryFailedMail(app: App, input: { notificationId: number }, actor: Actor) {
  const entry = await retryMail(app.database, await staffName(actor), input.notificationId);
  app.mailQueued();
  return entry;
}

/** The city's identity provider; NotFound where sign-in with the city's accounts is not configured. */
function cityAccounts(app: App) {
  if (!app.oidc || !app.config.oidc) throw new NotFound("Sign-in with the city's accounts is not configured here.");
  return { oidc: app.oidc, redirectUri: app.config.oidc.redirectUri };
}

/** Starts a sign-in with the city's accounts: where to send the browser, and what its way back must bring. */
export const beginCityAccountSignIn = (app: App) => cityAccounts(app).oidc.begin();

/**
 * The provider's answer (the callback's query, checked against the transaction the browser kept):
 * the member is signed in and the new session kept by the transport (`startStaffSession`), or
 * OidcRefused says why not (denied: not staff; failed: the answer did not check out).
 */
export async function finishCityAccountSignIn(
  app: App,
  input: { search: string; transaction: OidcTransaction | undefined },
  actor: { startStaffSession(sessionId: string): void },
) {
  const { oidc, redirectUri } = cityAccounts(app);
  // The provider's answer as openid-client checks it: our registered redirect URI plus its query.
  const callbackUrl = new URL(redirectUri);
  callbackUrl.search = input.search;
  const claims = await oidc.finish(callbackUrl, input.transaction);
  const { sessionId, created } = await accountSignIn(app.database, {
    issuer: claims.iss,
    subject: claims.sub,
    name: nameOf(claims),
  }).catch((err: unknown) => {
    throw err instanceof Unauthorized ? new OidcRefused('denied', err.message) : err;
  });
  actor.startStaffSession(sessionId);
  return { created };
}
