// Photos of monuments and sketches of proposals: the upload's fields, the public
// metadata, and the staff's review.
import { z } from 'zod';
import { PHOTO_RULES } from './facts.js';
import { MonumentId } from './monument.js';
import { ProposalId, ProposalIdParam } from './proposal.js';
import { userText } from './text.js';

/** A UUID, lower-case as the server makes them (a pattern, not a `format`, so every JSON Schema validator checks it). */
export const PhotoId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: 'invalid photo id' });
export const PhotoRef = z.object({ photoId: PhotoId });

/** The text fields of `multipart/form-data` upload (the file travels in the field `photo`). */
export const PhotoFields = z.strictObject({
  alt: userText(PHOTO_RULES.altMax).refine((s) => [...s].length >= PHOTO_RULES.altMin, {
    message: `at least ${PHOTO_RULES.altMin} characters`,
  }),
  /** The name to credit; left out or empty: "anonym". */
  credit: userText(PHOTO_RULES.creditMax).optional(),
  licence: z.literal(PHOTO_RULES.licence, { message: `must be ${PHOTO_RULES.licence}` }),
});
export type PhotoFields = z.infer<typeof PhotoFields>;

/**
 * An upload as read from its request, before any check: the text fields as sent (the subject's id
 * in `monumentId` or `proposalId`, and PhotoFields; empty ones left out) and the file's bytes.
 * The REST routes read their multipart request into this (the path gives the subject).
 */
export type SentUpload = { text: Record<string, string>; bytes?: Uint8Array | undefined };

/** A tRPC client's form read into a SentUpload, or undefined with an issue for a field that is not known. */
async function sentOfForm(form: FormData, ctx: z.RefinementCtx): Promise<SentUpload | undefined> {
  const text: Record<string, string> = {};
  let file: Blob | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' && name === 'photo' && !file) file = value;
    else if (typeof value === 'string' && !(name in text)) {
      if (value !== '') text[name] = value;
    } else {
      ctx.addIssue({ code: 'custom', path: [name], message: 'not a known parameter or field' });
      return undefined;
    }
  }
  return { text, bytes: file ? new Uint8Array(await file.arrayBuffer()) : undefined };
}

/**
 * An upload as tRPC's `photos.upload` takes it: a form (a tRPC client's multipart/form-data), or the
 * REST route's SentUpload. Checked here, once, either way: the subject, the fields, a file.
 */
export const PhotoUploadForm = z
  .union([
    z.instanceof(FormData),
    z.strictObject({
      text: z.record(z.string(), z.string()),
      bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array).optional(),
    }),
  ])
  .transform(async (input, ctx) => {
    const sent = input instanceof FormData ? await sentOfForm(input, ctx) : input;
    if (!sent) return z.NEVER;
    const { monumentId, proposalId, ...rest } = sent.text;
    const monument = MonumentId.safeParse(monumentId);
    const proposal = ProposalIdParam.safeParse(proposalId);
    const subject =
      monumentId !== undefined && proposalId === undefined && monument.success
        ? { kind: 'monument' as const, monumentId: monument.data }
        : proposalId !== undefined && monumentId === undefined && proposal.success
          ? { kind: 'proposal' as const, proposalId: proposal.data }
          : undefined;
    if (!subject) {
      ctx.addIssue({ code: 'custom', path: ['monumentId'], message: 'a valid monumentId or proposalId, not both' });
      return z.NEVER;
    }
    const fields = PhotoFields.safeParse(rest);
    if (!fields.success) {
      for (const issue of fields.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    if (!sent.bytes || sent.bytes.byteLength === 0) {
      ctx.addIssue({ code: 'custom', path: ['photo'], message: 'required' });
      return z.NEVER;
    }
    return { subject, fields: fields.data, bytes: sent.bytes };
  });

/** What an upload is answered (202): it waits for staff. */
export const PhotoAccepted = z.object({ id: PhotoId, status: z.literal('pending') });
export type PhotoAccepted = z.infer<typeof PhotoAccepted>;

export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const PhotoStatus = z.enum(PHOTO_STATUSES);
export type PhotoStatus = z.infer<typeof PhotoStatus>;

/** A photo's public metadata (the uploader also sees her own pending one). */
export const Photo = z.object({
  id: PhotoId,
  monumentId: MonumentId,
  /** Set for a proposal's sketch. */
  proposalId: ProposalId.nullable(),
  status: PhotoStatus,
  alt: z.string(),
  /** The name the uploader gave, else "anonym". */
  credit: z.string(),
  licence: z.literal(PHOTO_RULES.licence),
  /** 1600 px on the long side (smaller if sent smaller), WebP. */
  url: z.string(),
  /** 480 px on the long side, WebP. */
  thumbUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Photo = z.infer<typeof Photo>;
export const PhotoList = z.array(Photo);
export type PhotoList = z.infer<typeof PhotoList>;

/** What staff see of a photo. */
export const StaffPhoto = Photo.extend({
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The monument's name (and the proposal's), so the queue reads without another lookup. */
  monumentName: z.string(),
  proposalName: z.string().nullable(),
});
export type StaffPhoto = z.infer<typeof StaffPhoto>;
export const StaffPhotoList = z.array(StaffPhoto);
export type StaffPhotoList = z.infer<typeof StaffPhotoList>;

export const StaffPhotoQuery = z.strictObject({ status: PhotoStatus.default('pending') });
export type StaffPhotoQuery = z.input<typeof StaffPhotoQuery>;

export const RejectPhotoBody = z.strictObject({ reason: userText(500) });
export const RotatePhotoBody = z.strictObject({ degrees: z.union([z.literal(90), z.literal(-90)]) });
export const RejectPhotoInput = RejectPhotoBody.extend({ photoId: PhotoId });
export const RotatePhotoInput = RotatePhotoBody.extend({ photoId: PhotoId });
export const PhotoRemoved = z.object({ removed: z.literal(true) });
