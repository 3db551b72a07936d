// Use cases of photos and sketches: a visitor's upload (checked, re-encoded, held for staff) and
// staff's decisions on them. The public lists carry photos: a photo that becomes public, or stops
// being so, changes them everywhere.
import type { PhotoFields, PhotoStatus } from '@linz/contract';
import { getPublicMonument } from '../monuments/monuments.js';
import { processPhoto } from './photo-image.js';
import {
  addPhoto,
  approvePhoto,
  checkPhotoLimits,
  getPhoto,
  mediaOf,
  listStaffPhotos,
  photosOfMonuments,
  publicPhotos,
  rejectPhoto,
  removePhoto,
  rotateStoredPhoto,
  type PhotoSubject,
  type Uploader,
} from './photos.js';
import { listsChanged } from '../read-cache.js';
import { staffName, type Actor, type App } from '../app.js';

const limitsOf = (app: App) => ({
  perBrowserPerDay: app.config.limits.photosPerBrowserPerDay,
  perNetworkPerDay: app.config.limits.photosPerNetworkPerDay,
  pendingPerNetwork: app.config.limits.photosPendingPerNetwork,
});

/** One photo's public metadata (the uploader's browser also sees its own pending one). */
export const photoOf = (app: App, input: { photoId: string }, actor: Actor) =>
  getPhoto(app.database, input.photoId, actor.knownVoterHash());

export const allPublicPhotos = (app: App) => publicPhotos(app.database);

/** A monument's photos and its proposals' pictures as this browser may see them (NotFound for an unknown monument). */
export async function photosOfMonument(app: App, input: { monumentId: string }, actor: Actor) {
  const photos = await photosOfMonuments(app.database, [input.monumentId], actor.knownVoterHash());
  if (photos.length === 0) await getPublicMonument(app.database, input.monumentId);
  return photos;
}

/** Checked against the limits before the bytes are decoded, re-encoded and stored as pending;
 * staff's own uploads are approved at once (and change the public lists). */
export async function uploadPhoto(
  app: App,
  input: { subject: PhotoSubject; fields: PhotoFields; bytes: Uint8Array },
  actor: Actor,
) {
  const staff = await actor.staffMember().then(
    () => true,
    () => false,
  );
  const uploader: Uploader = staff
    ? { staff: true }
    : { voterHash: actor.voterHash(), ipHash: await actor.ipHash(), netHash: actor.netHash() };
  await checkPhotoLimits(app.database, uploader, limitsOf(app));
  const photo = await processPhoto(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
  const added = await addPhoto(app.database, {
    subject: input.subject,
    fields: input.fields,
    photo,
    uploader,
    limits: limitsOf(app),
  });
  if (added.status === 'approved') await listsChanged(app, 'monuments', 'proposals');
  return added as { id: string; status: 'pending' };
}

export const staffPhotos = (app: App, input: { status: PhotoStatus }) => listStaffPhotos(app.database, input.status);

/** A staff decision on a photo (audited); the public lists change everywhere. */
async function decided<T>(app: App, actor: Actor, decide: (name: string) => Promise<T>): Promise<T> {
  const result = await decide(await staffName(actor));
  await listsChanged(app, 'monuments', 'proposals');
  return result;
}

export const approveUploadedPhoto = (app: App, input: { photoId: string }, actor: Actor) =>
  decided(app, actor, (name) => approvePhoto(app.database, name, input.photoId));

export const rejectUploadedPhoto = (app: App, input: { photoId: string; reason: string }, actor: Actor) =>
  decided(app, actor, (name) => rejectPhoto(app.database, name, input.photoId, input.reason));

export const rotateUploadedPhoto = (app: App, input: { photoId: string; degrees: 90 | -90 }, actor: Actor) =>
  decided(app, actor, (name) => rotateStoredPhoto(app.database, name, input.photoId, input.degrees));

export const removeUploadedPhoto = (app: App, input: { photoId: string }, actor: Actor) =>
  decided(app, actor, (name) => removePhoto(app.database, name, input.photoId));

/**
 * A photo's bytes by their hash (`thumb`: the 480 px one). A public photo for anyone; one not yet
 * approved only for the browser that sent it, or for staff when the request carries their
 * credentials (`asStaff`: checked here, a failed check sees what the public sees).
 */
export async function photoFile(app: App, input: { hash: string; thumb: boolean; asStaff: boolean }, actor: Actor) {
  const staff = input.asStaff
    ? await actor.staffMember().then(
        () => true,
        () => false,
      )
    : false;
  return mediaOf(app.database, input.hash, input.thumb, actor.knownVoterHash(), staff);
}

/** A public photo's small bytes, for a shared proposal's card. */
export const publicThumb = async (app: App, input: { hash: string }) =>
  (await mediaOf(app.database, input.hash, true, null, false))?.bytes;
