// Photo procedures (issue 30), over both transports. The upload takes a form: tRPC reads it from
// its multipart/form-data request, the REST routes build it from theirs (rest/routes.ts).
import {
  MonumentRef,
  PhotoList,
  Photo,
  PhotoAccepted,
  PhotoUploadForm,
  PhotoRef,
  PhotoRemoved,
  RejectPhotoInput,
  RotatePhotoInput,
  StaffPhoto,
  StaffPhotoList,
  StaffPhotoQuery,
} from '@linz/contract';
import { z } from 'zod';
import { processPhoto } from '../domain/photo-image.js';
import {
  addPhoto,
  approvePhoto,
  checkPhotoLimits,
  getPhoto,
  listStaffPhotos,
  photosOfMonuments,
  publicPhotos,
  rejectPhoto,
  removePhoto,
  rotateStoredPhoto,
  type Uploader,
} from '../domain/photos.js';
import { getPublicMonument } from '../domain/monuments.js';
import { announceChange } from '../domain/read-cache.js';
import { publicProcedure, router, staffProcedure, type Context } from './init.js';

/** A photo became public or stopped being so: the public lists (which carry photos) are rebuilt everywhere. */
async function changed(ctx: Context) {
  ctx.lists.monuments.invalidate();
  ctx.lists.interventions.invalidate();
  await announceChange(ctx.database, 'monuments');
  await announceChange(ctx.database, 'interventions');
}

const limitsOf = (ctx: Context) => ({
  perBrowserPerDay: ctx.config.limits.photosPerBrowserPerDay,
  perNetworkPerDay: ctx.config.limits.photosPerNetworkPerDay,
  pendingPerNetwork: ctx.config.limits.photosPendingPerNetwork,
});

export const photosRouter = router({
  /** One photo's public metadata (the uploader's browser also sees its own pending one). */
  get: publicProcedure
    .input(PhotoRef)
    .output(Photo)
    .query(({ ctx, input }) => getPhoto(ctx.database, input.photoId, ctx.knownVoterHash())),
  /** Every public photo, oldest first (the lists show them by monument and proposal). */
  all: publicProcedure.output(PhotoList).query(({ ctx }) => publicPhotos(ctx.database)),
  /** A monument's photos and its proposals' pictures as this browser may see them. */
  ofMonument: publicProcedure
    .input(MonumentRef)
    .output(PhotoList)
    .query(async ({ ctx, input }) => {
      const photos = await photosOfMonuments(ctx.database, [input.monumentId], ctx.knownVoterHash());
      if (photos.length === 0) await getPublicMonument(ctx.database, input.monumentId); // 404 for an unknown one
      return photos;
    }),
  /** Checked, re-encoded and stored as pending; staff's own uploads are approved at once. */
  upload: publicProcedure
    .input(PhotoUploadForm)
    .output(PhotoAccepted.or(z.object({ id: z.string(), status: z.literal('approved') })))
    .mutation(async ({ ctx, input }) => {
      const staff = await ctx.staffMember().then(
        () => true,
        () => false,
      );
      const uploader: Uploader = staff
        ? { staff: true }
        : { voterHash: ctx.voterHash(), ipHash: await ctx.ipHash(), netHash: ctx.netHash() };
      await checkPhotoLimits(ctx.database, uploader, limitsOf(ctx));
      const photo = await processPhoto(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
      const added = await addPhoto(ctx.database, {
        subject: input.subject,
        fields: input.fields,
        photo,
        uploader,
        limits: limitsOf(ctx),
      });
      if (added.status === 'approved') await changed(ctx);
      return added as { id: string; status: 'pending' };
    }),
});

const actor = async (ctx: Context) => (await ctx.staffMember()).name;

export const staffPhotosRouter = router({
  list: staffProcedure
    .input(StaffPhotoQuery)
    .output(StaffPhotoList)
    .query(({ ctx, input }) => listStaffPhotos(ctx.database, input.status)),
  approve: staffProcedure
    .input(PhotoRef)
    .output(StaffPhoto)
    .mutation(async ({ ctx, input }) => {
      const photo = await approvePhoto(ctx.database, await actor(ctx), input.photoId);
      await changed(ctx);
      return photo;
    }),
  reject: staffProcedure
    .input(RejectPhotoInput)
    .output(StaffPhoto)
    .mutation(async ({ ctx, input }) => {
      const photo = await rejectPhoto(ctx.database, await actor(ctx), input.photoId, input.reason);
      await changed(ctx);
      return photo;
    }),
  rotate: staffProcedure
    .input(RotatePhotoInput)
    .output(StaffPhoto)
    .mutation(async ({ ctx, input }) => {
      const photo = await rotateStoredPhoto(ctx.database, await actor(ctx), input.photoId, input.degrees);
      await changed(ctx);
      return photo;
    }),
  remove: staffProcedure
    .input(PhotoRef)
    .output(PhotoRemoved)
    .mutation(async ({ ctx, input }) => {
      const removed = await removePhoto(ctx.database, await actor(ctx), input.photoId);
      await changed(ctx);
      return removed;
    }),
});
