// A subject's public photo for the lists (/monuments, /interventions, /mine): the monument's own
// (proposalId null) or a proposal's picture. One request for every public photo, shared.
import type { Photo } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { publicPhotosQuery } from './photoApi';

export function usePublicPhoto(monumentId: string, proposalId: number | null): Photo | undefined {
  return useQuery({
    ...publicPhotosQuery(),
    select: (photos: Photo[]) => photos.find((p) => p.monumentId === monumentId && p.proposalId === proposalId),
  }).data;
}
