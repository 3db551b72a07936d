// Sends a photo as the API takes it (multipart/form-data) and names the outcome for the visitor.
import type { ErrorCode } from '@linz/contract';
import { PATHS, pathOf } from '@linz/contract/facts';
import { fetchJson, type Answered } from '../api/client';

export type Subject = { kind: 'monument'; monumentId: string } | { kind: 'intervention'; interventionId: number };
export type UploadOutcome = 'sent' | 'heic' | 'type' | 'tooLarge' | 'broken' | 'full' | 'tooMany' | 'failed';

/** A photo chosen in a form, with its alt text and credit. */
export type PhotoToSend = { file: File; alt: string; credit: string };

export async function uploadPhoto(subject: Subject, form: PhotoToSend): Promise<UploadOutcome> {
  const body = new FormData();
  body.set('alt', form.alt);
  if (form.credit.trim()) body.set('credit', form.credit.trim());
  body.set('licence', 'CC-BY-4.0');
  body.set('photo', form.file);
  const url =
    subject.kind === 'monument'
      ? pathOf(PATHS.uploadMonumentPhoto, { monumentId: subject.monumentId })
      : pathOf(PATHS.uploadInterventionPhoto, { interventionId: subject.interventionId });
  let answer: Answered;
  try {
    answer = await fetchJson('POST', url, { form: body });
  } catch {
    return 'failed';
  }
  if (answer.status === 202) return 'sent';
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  // A proxy in front (nginx's body limit, its rate limit) answers without our body.
  return OUTCOMES[code as ErrorCode] ?? (answer.status === 413 ? 'tooLarge' : answer.status === 429 ? 'tooMany' : 'failed');
}

/** What the visitor is told for each refusal the upload can meet (the answer's `code`). */
const OUTCOMES: Partial<Record<ErrorCode, UploadOutcome>> = {
  PHOTO_HEIC: 'heic',
  PHOTO_TYPE: 'type',
  UNSUPPORTED_MEDIA_TYPE: 'type',
  PHOTO_TOO_LARGE: 'tooLarge',
  TOO_LARGE: 'tooLarge',
  PHOTO_BROKEN: 'broken',
  CONFLICT: 'full',
  TOO_MANY_REQUESTS: 'tooMany',
};
