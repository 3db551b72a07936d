// Photo procedures, over both transports; each a use case (domain/photos/use-cases.ts). The upload
// takes a form: tRPC reads it from its multipart/form-data request, the REST routes build it from
// theirs (rest/routes.ts).
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
import {
  allPublicPhotos,
  approveUploadedPhoto,
  photoOf,
  photosOfMonument,
  rejectUploadedPhoto,
  removeUploadedPhoto,
  rotateUploadedPhoto,
  staffPhotos,
  uploadPhoto,
} from '../domain/photos/use-cases.js';
import { publicProcedure, router, staffProcedure } from './init.js';

export const photosRouter = router({
  /** One photo's public metadata (the uploader's browser also sees its own pending one). */
  get: publicProcedure
    .input(PhotoRef)
    .output(Photo)
    .query(({ ctx, input }) => photoOf(ctx, input, ctx)),
  /** Every public photo, oldest first (the lists show them by monument and proposal). */
  all: publicProcedure.output(PhotoList).query(({ ctx }) => allPublicPhotos(ctx)),
  /** A monument's photos and its proposals' pictures as this browser may see them. */
  ofMonument: publicProcedure
    .input(MonumentRef)
    .output(PhotoList)
    .query(({ ctx, input }) => photosOfMonument(ctx, input, ctx)),
  /** Checked, re-encoded and stored as pending; staff's own uploads are approved at once. */
  upload: publicProcedure
    .input(PhotoUploadForm)
    .output(PhotoAccepted.or(z.object({ id: z.string(), status: z.literal('approved') })))
    .mutation(({ ctx, input }) => uploadPhoto(ctx, input, ctx)),
});

export const staffPhotosRouter = router({
  list: staffProcedure
    .input(StaffPhotoQuery)
    .output(StaffPhotoList)
    .query(({ ctx, input }) => staffPhotos(ctx, input)),
  approve: staffProcedure
    .input(PhotoRef)
    .output(StaffPhoto)
    .mutation(({ ctx, input }) => approveUploadedPhoto(ctx, input, ctx)),
  reject: staffProcedure
    .input(RejectPhotoInput)
    .output(StaffPhoto)
    .mutation(({ ctx, input }) => rejectUploadedPhoto(ctx, input, ctx)),
  rotate: staffProcedure
    .input(RotatePhotoInput)
    .output(StaffPhoto)
    .mutation(({ ctx, input }) => rotateUploadedPhoto(ctx, input, ctx)),
  remove: staffProcedure
    .input(PhotoRef)
    .output(PhotoRemoved)
    .mutation(({ ctx, input }) => removeUploadedPhoto(ctx, input, ctx)),
});
