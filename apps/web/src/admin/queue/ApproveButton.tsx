// "Freigeben" for an item that waits for staff. One the word screen held may be an insult: there
// hiding is the primary action, and publishing asks first (issue 56: one click published it).
import type { Moderation } from '@linz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';

type Props = { moderation: Moderation; name: string; busy: boolean; onApprove: () => void };

export function ApproveButton({ moderation, name, busy, onApprove }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (moderation !== 'held')
    return (
      <button type="button" className="button button--primary" disabled={busy} onClick={onApprove}>
        {t('admin.actions.approve')}
      </button>
    );
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => setAsking(true)}>
        {t('admin.approveHeld.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('admin.approveHeld.title', { name })}
          confirmLabel={t('admin.approveHeld.confirm')}
          onConfirm={onApprove}
          onClose={() => setAsking(false)}
        >
          <p>{t('admin.approveHeld.text')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The hide button's class: the primary action on an item the word screen held. */
export const hideClass = (moderation: Moderation) => (moderation === 'held' ? 'button button--primary' : 'button');
