// Photos in the web app: a monument's photos as this browser may see them (the upload: upload.ts).
import { call } from '../api/client';

export const photoKeys = {
  monument: (monumentId: string) => ['photos', 'monument', monumentId] as const,
  all: ['photos', 'all'] as const,
};

export const monumentPhotosQuery = (monumentId: string) => ({
  queryKey: photoKeys.monument(monumentId),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('monumentPhotos', { params: { monumentId }, signal }),
  staleTime: 30_000,
});

/** Every public photo (the lists show a thumbnail by monument and proposal). */
export const publicPhotosQuery = () => ({
  queryKey: photoKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('photos', { signal }),
  staleTime: 60_000,
});
