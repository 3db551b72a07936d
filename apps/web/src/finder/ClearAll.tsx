// "Alle Filter löschen" under a list's or the map's filters. With nothing set it is shown as not
// available (aria-disabled, so it keeps the focus a click gave it: a disabled button would drop it).
import { useTranslation } from 'react-i18next';

export function ClearAll({ active, onClear }: { active: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button filter-panel__clear" aria-disabled={!active} onClick={() => active && onClear()}>
      {t('finder.clearAll')}
    </button>
  );
}
