// How an author sees its own item that staff still have to approve: the item with "under review"
// and what that means (nobody else sees it, nobody can vote yet).
import { useTranslation } from 'react-i18next';

export function ReviewBadge() {
  const { t } = useTranslation();
  return <span className="review-badge">{t('review.badge')}</span>;
}

export function UnderReviewRows({ names }: { names: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <>
      <ul className="monument-popup__list monument-popup__review" aria-label={t('review.badge')}>
        {names.map((p) => (
          <li key={p.id} className="proposal-row proposal-row--review">
            <span className="proposal-row__main">
              <span className="proposal-row__name">{p.name}</span> <ReviewBadge />
            </span>
          </li>
        ))}
      </ul>
      <p className="review-explain">{t('review.explain')}</p>
    </>
  );
}
