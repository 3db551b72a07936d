// The add form's requests (spec section 4): the monument, then its proposal if titled.
// The server gives a visitor's monument the spec's defaults (category Unknown, not validated...),
// so only the form's fields are sent.
import { call, type AnswerOf } from '../api/client';
import { apiErrorOf } from '../api/errors';
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
  let created: AnswerOf<'addMonument'>;
  try {
    created = await call('addMonument', { body, idempotencyKey: key });
  } catch (thrown) {
    const error = apiErrorOf(thrown);
    switch (error.code) {
      case 'NETWORK':
        return queue();
      case 'TOO_MANY_REQUESTS':
        return { ok: false, errorKey: 'errors.tooManyRequests' };
      // Same name within DUPLICATE_RADIUS_M: the form says so in the visitor's language and links to it.
      case 'DUPLICATE':
        return error.existingId === undefined
          ? { ok: false, errorKey: 'errors.submission' }
          : { ok: false, errorKey: 'finder.add.duplicate', existingId: error.existingId };
      // The city's area (the form checks it first; the server has the last word).
      case 'OUTSIDE_AREA':
        return { ok: false, errorKey: 'add.picker.outside' };
      default:
        return { ok: false, errorKey: 'errors.submission' };
    }
  }
  // The server answers with the id it kept: a fresh one when the proposed id was already taken.
  // Others see it once staff approve it (MODERATION=pre, or the word screen held it).
  let underReview = created.underReview;
  const monumentId = created.id;

  const title = form.interventionTitle.trim();
  if (title !== '') {
    try {
      // The monument exists either way; a failed proposal does not undo it (spec section 4).
      const proposal = await call('createProposal', { params: { monumentId }, body: { name: title } });
      if (proposal.underReview) underReview = true;
    } catch {
      // A failure on the second call: the visitor can add the proposal from the popup.
    }
  }
  if (underReview) markUnderReview();
  return { ok: true, underReview, monumentId };
}
