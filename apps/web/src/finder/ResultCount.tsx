// "12 von 42 Denkmälern": the visible, announced number of results (a polite live region).
import { useTranslation } from 'react-i18next';

type Props = { shown: number; total: number; filtered: boolean; noun: 'monuments' | 'proposals' };

export function ResultCount({ shown, total, filtered, noun }: Props) {
  const { t } = useTranslation();
  return (
    <p className="result-count" role="status">
      {filtered ? t(`finder.count.${noun}`, { count: total, shown }) : t(`finder.total.${noun}`, { count: total })}
    </p>
  );
}
