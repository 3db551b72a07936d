// After a vote or a new proposal, under the confirmation: follow the proposal (by name; opens the
// follow dialog), a link to "Meine Beteiligung" and, after a vote, its confirmation by e-mail. In
// the popup these fold into one line that opens on request (`folded`), so the proposals stay in
// view on a phone; the monument's own view shows them open.
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { name: string; onFollow: (opener: HTMLElement) => void; folded: boolean; children?: ReactNode };

export function FollowOffer({ name, onFollow, folded, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(!folded);
  return (
    <div className="follow-offer">
      {folded ? (
        <button
          type="button"
          className="follow-offer__more"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {t('follow.offer.more', { name })}
        </button>
      ) : null}
      <div id={id} className="follow-offer__items" hidden={!open}>
        <p className="follow-offer__line">
          <button type="button" className="follow-offer__button" onClick={(event) => onFollow(event.currentTarget)}>
            {t('follow.offer.button', { name })}
          </button>
          <Link to={APP_PATHS.mine} className="follow-offer__mine">
            {t('follow.mineLink')}
          </Link>
        </p>
        {children}
      </div>
    </div>
  );
}
