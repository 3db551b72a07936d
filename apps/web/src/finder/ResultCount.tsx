// "12 Treffer von 42 Denkmälern": the visible, announced number of results (a polite live region).
// Two numbers, each with its own plural: the matches (`count`) and the whole (`total`, "42 Denkmälern").
import { useTranslation } from 'react-i18next';

/** `total` is undefined while the list loads. */
type Props = { shown: number; total: number | undefined; filtered: boolean; noun: 'monuments' | 'proposals' };

export function ResultCount({ shown, total, filtered, noun }: Props) {
  const { t } = useTranslation();
  return (
    <p className="result-count" role="status">
      {total === undefined
        ? t('app.loading')
        : filtered
          ? t(`finder.count.${noun}`, { count: shown, total: t(`finder.of.${noun}`, { count: total }) })
          : t(`finder.total.${noun}`, { count: total })}
    </p>
  );
}
