// After a vote or a new proposal: "follow this proposal" (opens the follow dialog) and a link to
// "Meine Beteiligung", shown under the confirmation.
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

type Props = { name: string; onFollow: (opener: HTMLElement) => void };

export function FollowOffer({ name, onFollow }: Props) {
  const { t } = useTranslation();
  return (
    <p className="follow-offer">
      <button
        type="button"
        className="follow-offer__button"
        aria-label={t('follow.offer.label', { name })}
        onClick={(event) => onFollow(event.currentTarget)}
      >
        {t('follow.offer.button')}
      </button>
      <Link to={APP_PATHS.mine} className="follow-offer__mine">
        {t('follow.mineLink')}
      </Link>
    </p>
  );
}
