// A picture beside a name (a proposal's in the popup, a monument's or a proposal's in the lists):
// a small thumbnail that opens the large one.
import type { Photo } from '@linz/contract';
import { useTranslation } from 'react-i18next';

export function ProposalThumb({ photo, name, className = '' }: { photo: Photo; name: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      className={`proposal-thumb ${className}`.trim()}
      href={photo.url}
      target="_blank"
      rel="noopener"
      aria-label={t('photos.openLarge', { name })}
      data-status={photo.status}
    >
      <img src={photo.thumbUrl} alt={photo.alt} width={56} height={56} loading="lazy" decoding="async" />
      {photo.status === 'pending' ? <span className="photo-pending">{t('photos.pending')}</span> : null}
    </a>
  );
}
