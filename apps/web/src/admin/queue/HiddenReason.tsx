// Why staff hid an item, as its author reads it (in the staff member's language here).
import type { ModerationReasonText } from '@linz/contract';
import { useTranslation } from 'react-i18next';

export function HiddenReason({ reason }: { reason: ModerationReasonText | null }) {
  const { t, i18n } = useTranslation();
  if (!reason) return null;
  return (
    <p className="admin-hidden-reason">
      {t('admin.hide.shownReason', { reason: i18n.resolvedLanguage === 'en' ? reason.en : reason.de })}
    </p>
  );
}
