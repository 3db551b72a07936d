// Sends a photo as the API takes it (multipart/form-data) and names the outcome for the visitor.
import { PATHS, pathOf } from '@linz/contract/facts';

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
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    return 'failed';
  }
  if (res.status === 202) return 'sent';
  const message = await res
    .json()
    .then((b: { message?: unknown }) => (typeof b.message === 'string' ? b.message : ''))
    .catch(() => '');
  if (res.status === 415) return /HEIC/.test(message) ? 'heic' : 'type';
  if (res.status === 413) return 'tooLarge';
  if (res.status === 422) return 'broken';
  if (res.status === 409) return 'full';
  if (res.status === 429) return 'tooMany';
  return 'failed';
}
