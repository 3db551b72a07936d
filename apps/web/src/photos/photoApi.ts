// Photos in the web app: a monument's photos as this browser may see them, and the
// upload as multipart/form-data. Hand-written checks, as everywhere in the first load (api/checks.ts).
import type { Photo } from '@linz/contract';
import { PATHS, pathOf } from '@linz/contract/facts';
import { arrayOf, isInteger, isString, nullable, shape, type Check } from '../api/checks';
import { getChecked } from '../api/client';

export const isPhoto: Check<Photo> = shape<Photo>({
  id: isString,
  monumentId: isString,
  interventionId: nullable(isInteger),
  status: (v): v is Photo['status'] => v === 'pending' || v === 'approved' || v === 'rejected',
  alt: isString,
  credit: isString,
  licence: (v): v is Photo['licence'] => v === 'CC-BY-4.0',
  url: isString,
  thumbUrl: isString,
  width: isInteger,
  height: isInteger,
});

export const photoKeys = {
  monument: (monumentId: string) => ['photos', 'monument', monumentId] as const,
  all: ['photos', 'all'] as const,
};

export const monumentPhotosQuery = (monumentId: string) => ({
  queryKey: photoKeys.monument(monumentId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getChecked(pathOf(PATHS.monumentPhotos, { monumentId }), arrayOf(isPhoto), signal),
  staleTime: 30_000,
});

/** Every public photo (the lists show a thumbnail by monument and proposal). */
export const publicPhotosQuery = () => ({
  queryKey: photoKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => getChecked(PATHS.photos, arrayOf(isPhoto), signal),
  staleTime: 60_000,
});
