// The filter panel over the map: Escape or its close button closes it (focus back on the button).
import { useTranslation } from 'react-i18next';
import { FilterPanel } from './FilterPanel';

export function FilterPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    // Not an interaction: Escape anywhere in the panel closes it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      className="filter-popover"
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <FilterPanel headingId={`${id}-heading`} />
      <button type="button" className="button filter-popover__close" onClick={onClose}>
        {t('finder.close')}
      </button>
    </section>
  );
}
