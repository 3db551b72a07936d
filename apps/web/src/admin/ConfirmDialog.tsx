// A modal confirmation for destructive actions: the native <dialog> keeps focus inside, closes on
// Escape and returns focus to the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Confirm stays disabled until the dialog's content says it is ready (a merge target chosen). */
  canConfirm?: boolean;
  children?: ReactNode;
};

export function ConfirmDialog({ title, confirmLabel, onConfirm, onClose, canConfirm = true, children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="admin-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!canConfirm}
          onClick={() => {
            onConfirm();
            ref.current?.close();
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={() => ref.current?.close()}>
          {t('admin.actions.cancel')}
        </button>
      </div>
    </dialog>
  );
}
