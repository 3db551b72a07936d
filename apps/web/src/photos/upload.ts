// Sends a photo as the API takes it (multipart/form-data) and names the outcome for the visitor.
import { call } from '../api/client';
import { apiErrorOf, type ApiErrorCode } from '../api/errors';

export type Subject = { kind: 'monument'; monumentId: string } | { kind: 'proposal'; proposalId: number };
export type UploadOutcome = 'sent' | 'heic' | 'type' | 'tooLarge' | 'broken' | 'full' | 'tooMany' | 'failed';

/** A photo chosen in a form, with its alt text and credit. */
export type PhotoToSend = { file: File; alt: string; credit: string };

export async function uploadPhoto(subject: Subject, form: PhotoToSend): Promise<UploadOutcome> {
  const body = new FormData();
  body.set('alt', form.alt);
  if (form.credit.trim()) body.set('credit', form.credit.trim());
  body.set('licence', 'CC-BY-4.0');
  body.set('photo', form.file);
  try {
    if (subject.kind === 'monument') await call('uploadMonumentPhoto', { params: { monumentId: subject.monumentId }, body });
    else await call('uploadProposalPhoto', { params: { proposalId: subject.proposalId }, body });
    return 'sent';
  } catch (error) {
    // A proxy in front (nginx's body limit, its rate limit) answers without our body: the error
    // reader gives it its status's code (TOO_LARGE, TOO_MANY_REQUESTS).
    return OUTCOMES[apiErrorOf(error).code] ?? 'failed';
  }
}

/** What the visitor is told for each refusal the upload can meet (the answer's `code`). */
const OUTCOMES: Partial<Record<ApiErrorCode, UploadOutcome>> = {
  PHOTO_HEIC: 'heic',
  PHOTO_TYPE: 'type',
  UNSUPPORTED_MEDIA_TYPE: 'type',
  PHOTO_TOO_LARGE: 'tooLarge',
  TOO_LARGE: 'tooLarge',
  PHOTO_BROKEN: 'broken',
  CONFLICT: 'full',
  TOO_MANY_REQUESTS: 'tooMany',
};
