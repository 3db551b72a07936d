// What staff hid of this browser's own, with their reason: on /mine every item, at a
// monument (`monumentId`) the ones there. The reason is for its author only: it comes from this
// browser's own "mine" answer, never from a public list.
import type { MineHidden } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mineQuery } from '../api/queries/mine';
import './hidden.css';

export function useHidden(monumentId?: string): MineHidden[] {
  const mine = useQuery(mineQuery());
  return (mine.data?.hidden ?? []).filter((h) => monumentId === undefined || h.monumentId === monumentId);
}

export function HiddenNotice({ item }: { item: MineHidden }) {
  const { t, i18n } = useTranslation();
  const reason = i18n.resolvedLanguage === 'en' ? item.reason.en : item.reason.de;
  return (
    <p className="hidden-notice">
      {t(`hidden.${item.kind}`, { name: item.name, reason })} <span className="hidden-notice__only">{t('hidden.onlyYou')}</span>
    </p>
  );
}

/** The notices for a monument's view: its own hiding, or its proposals'. */
export function HiddenNotices({ monumentId }: { monumentId: string }) {
  const hidden = useHidden(monumentId);
  if (hidden.length === 0) return null;
  return (
    <div className="hidden-notices">
      {hidden.map((item) => (
        <HiddenNotice key={`${item.kind}-${item.name}`} item={item} />
      ))}
    </div>
  );
}
