// Photos of monuments and sketches of proposals (issue 30): the upload's fields, the public
// metadata, and the staff's review.
import { z } from 'zod';
import { PHOTO_RULES } from './facts.js';
import { MonumentId } from './monument.js';
import { InterventionId } from './intervention.js';
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
  interventionId: InterventionId.nullable(),
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
  interventionName: z.string().nullable(),
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
