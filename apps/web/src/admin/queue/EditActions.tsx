// An editor's two buttons in the queue: save (the form's submit, off while it is saved) and cancel.
import { useTranslation } from 'react-i18next';

export function EditActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      <button type="submit" className="button button--primary" disabled={saving}>
        {t('admin.actions.save')}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {t('admin.actions.cancel')}
      </button>
    </div>
  );
}
