// Personal data out of the audit log (GDPR Art. 17): the text staff type is taken out of every entry
// about the item, on the server, which logs the removal without the text. It cannot be undone, so
// the dialog says so before the button does it.
import { REDACT_MIN } from '@linz/contract/facts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

export function RedactDialog({ entryId, item, onClose }: { entryId: number; item: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [text, setText] = useState('');
  const redact = useMutation(
    trpc.staff.audit.redact.mutationOptions({
      onSuccess: ({ entries }) => action.done(t('admin.audit.redact.done', { count: entries, item })),
      onError: action.failed,
    }),
  );
  return (
    <ConfirmDialog
      title={t('admin.audit.redact.title')}
      confirmLabel={t('admin.audit.redact.confirm')}
      canConfirm={text.trim().length >= REDACT_MIN}
      onConfirm={() => redact.mutate({ entryId, text: text.trim() })}
      onClose={onClose}
    >
      <p>{t('admin.audit.redact.text', { item })}</p>
      <label htmlFor={id}>{t('admin.audit.redact.label')}</label>
      <input id={id} type="text" value={text} aria-describedby={`${id}-hint`} onChange={(e) => setText(e.target.value)} />
      <p id={`${id}-hint`} className="admin-hint">
        {t('admin.audit.redact.hint')}
      </p>
    </ConfirmDialog>
  );
}
