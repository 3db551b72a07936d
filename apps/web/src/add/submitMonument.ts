// The add form's requests (spec section 4): the monument, then its intervention if titled.
// The server gives a visitor's monument the spec's defaults (category Unknown, not validated...),
// so only the form's fields are sent.
import { ApiError, send } from '../api/client';
import { underReview as markedUnderReview } from '../storage/keys';
import { retriedImport } from '../layout/retriedImport';

const markUnderReview = () => markedUnderReview.write();

export type AddForm = { name: string; geoLocX: number; geoLocY: number; interventionTitle: string };
/** `existingId`: the server refused a duplicate (409) of this monument. `queued`: no connection,
 *  kept in the offline queue (offline/queue.ts) and sent with the same key when it returns. */
export type SubmitResult =
  { ok: true; underReview: boolean; monumentId: string } | { ok: false; errorKey: string; existingId?: string; queued?: true };

export async function submitMonument(form: AddForm, now: number = Date.now()): Promise<SubmitResult> {
  const id = `mon-user-${now}`;
  const body = { id, name: form.name.trim(), geoLocX: form.geoLocX, geoLocY: form.geoLocY };
  // Made now, when the visitor acts: a resend from the queue is the same monument.
  const key = crypto.randomUUID();
  const queue = async (): Promise<SubmitResult> => {
    const { enqueue } = await retriedImport(() => import('../offline/queue'));
    await enqueue({ kind: 'monument', ...body, interventionTitle: form.interventionTitle, label: body.name }, key);
    return { ok: false, errorKey: 'offline.queued.monument', queued: true };
  };
  if (navigator.onLine === false) return queue();
  let created: Awaited<ReturnType<typeof send>>;
  try {
    created = await send('addMonument', { body, idempotencyKey: key });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') return queue();
    if (error instanceof ApiError) return { ok: false, errorKey: 'errors.server' };
    throw error;
  }
  if (created.status === 429) return { ok: false, errorKey: 'errors.tooManyRequests' };
  if (created.status === 409) {
    // Same name within DUPLICATE_RADIUS_M: the form says so in the visitor's language and links to it.
    const existingId: unknown = (created.json as { existingId?: unknown } | undefined)?.existingId;
    if (typeof existingId === 'string') return { ok: false, errorKey: 'finder.add.duplicate', existingId };
  }
  // The city's area (the form checks it first; the server has the last word).
  if ((created.json as { code?: unknown } | undefined)?.code === 'OUTSIDE_AREA')
    return { ok: false, errorKey: 'add.picker.outside' };
  if (!created.ok) return { ok: false, errorKey: 'errors.submission' };
  // The server answers with the id it kept: a fresh one when the proposed id was already taken.
  const kept: unknown = (created.json as { id?: unknown } | undefined)?.id;
  // Others see it once staff approve it (MODERATION=pre, or the word screen held it).
  let underReview = (created.json as { underReview?: unknown } | undefined)?.underReview === true;
  const monumentId = typeof kept === 'string' ? kept : id;

  const title = form.interventionTitle.trim();
  if (title !== '') {
    try {
      // The monument exists either way; a failed proposal does not undo it (spec section 4).
      const proposal = await send('createIntervention', { params: { monumentId }, body: { name: title } });
      if ((proposal.json as { underReview?: unknown } | undefined)?.underReview === true) underReview = true;
    } catch {
      // Network failure on the second call: the visitor can add the proposal from the popup.
    }
  }
  if (underReview) markUnderReview();
  return { ok: true, underReview, monumentId };
}
