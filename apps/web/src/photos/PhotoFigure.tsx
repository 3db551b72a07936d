// One photo with its alt text, credit and licence; "wird geprüft" while only its uploader sees it.
import type { Photo } from '@linz/contract';
import { useTranslation } from 'react-i18next';

const THUMB = 480;

/** The thumbnail's width (the long side is at most 480 px). */
export const thumbWidth = (p: Photo) => Math.round(p.width * Math.min(1, THUMB / Math.max(p.width, p.height)));

export function PhotoFigure({ photo, className }: { photo: Photo; className: string }) {
  const { t } = useTranslation();
  return (
    <figure className={className} data-status={photo.status}>
      <img
        src={photo.thumbUrl}
        srcSet={`${photo.thumbUrl} ${thumbWidth(photo)}w, ${photo.url} ${photo.width}w`}
        sizes="(max-width: 600px) 90vw, 360px"
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading="lazy"
        decoding="async"
      />
      <figcaption>
        {photo.status === 'pending' ? (
          <>
            <strong className="photo-pending">{t('photos.pending')}</strong> <span>{t('photos.pendingNote')}</span>{' '}
          </>
        ) : null}
        <span className="photo-credit">{t('photos.credit', { credit: photo.credit })}</span>
      </figcaption>
    </figure>
  );
}

/** The photo to show for a subject: an approved one first, else this browser's pending one. */
export function firstPhoto(photos: Photo[], proposalId: number | null): Photo | undefined {
  const of = photos.filter((p) => p.proposalId === proposalId);
  return of.find((p) => p.status === 'approved') ?? of.find((p) => p.status === 'pending');
}
