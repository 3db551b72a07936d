// The ring that fills while a press is held on the map.
import { useTranslation } from 'react-i18next';
import type { Hold } from './usePressToAdd';

export function HoldProgress({ hold }: { hold: Hold }) {
  const { t } = useTranslation();
  if (!hold) return null;
  const percent = Math.round(hold.progress * 100);
  return (
    <div
      className="hold-progress"
      role="progressbar"
      aria-label={t('map.holdProgress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ left: hold.x, top: hold.y, ['--hold' as string]: `${percent * 3.6}deg` }}
    />
  );
}
