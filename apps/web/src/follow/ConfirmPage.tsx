// /follow/confirm?token=…: the confirmation link of a follow mail.
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirmFollow } from './followApi';
import { MailLinkConfirmPage } from './MailLinkConfirmPage';
import { usePageSearch } from '../layout/pageSearch';
import { validateTokenSearch } from './tokenSearch';

export function ConfirmPage() {
  const { t } = useTranslation();
  const { token } = usePageSearch(validateTokenSearch);
  return (
    <MailLinkConfirmPage
      token={token}
      texts="follow.confirm"
      confirm={confirmFollow}
      after={
        <p>
          <Link to={APP_PATHS.mine}>{t('follow.mineLink')}</Link>
        </p>
      }
    />
  );
}
