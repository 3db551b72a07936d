// "Ausblenden (Moderation)": takes an item out of public view with a reason its author reads on
// /mine. A canned reason (edited under "Begründungen") or the staff member's own words.
import type { HideReason } from '@linz/contract';
import { MODERATION_REASON_MAX } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { useTRPC } from '../trpc';

const OWN = 'own';

type Props = { title: string; text: string; onHide: (reason: HideReason) => void; onClose: () => void };

export function HideDialog({ title, text, onHide, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const reasons = useQuery(useTRPC().staff.reasons.list.queryOptions());
  const [choice, setChoice] = useState<string | null>(null);
  const [own, setOwn] = useState('');
  const en = i18n.resolvedLanguage === 'en';
  // The dialog focuses its first field when it opens; the reasons may arrive after that, above
  // "Eigene Begründung": then the first of them takes the focus, as a keyboard user expects.
  const firstReason = useRef<HTMLInputElement>(null);
  const loaded = reasons.data !== undefined;
  useEffect(() => {
    if (loaded) firstReason.current?.focus();
  }, [loaded]);
  const ready = choice !== null && (choice !== OWN || own.trim() !== '');
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={t('admin.hide.confirm')}
      canConfirm={ready}
      onConfirm={() => onHide(choice === OWN ? { text: own.trim() } : { reasonId: Number(choice) })}
      onClose={onClose}
    >
      <p>{text}</p>
      <fieldset className="admin-reasons">
        <legend>{t('admin.hide.reason')}</legend>
        <p className="admin-hint">{t('admin.hide.reasonHint')}</p>
        {reasons.isPending && <p role="status">{t('app.loading')}</p>}
        {(reasons.data ?? []).map((r, index) => (
          <label key={r.id} className="admin-choice">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name={id}
              value={r.id}
              checked={choice === String(r.id)}
              onChange={() => setChoice(String(r.id))}
            />
            {en ? r.en : r.de}
          </label>
        ))}
        <label className="admin-choice">
          <input type="radio" name={id} value={OWN} checked={choice === OWN} onChange={() => setChoice(OWN)} />
          {t('admin.hide.own')}
        </label>
        {choice === OWN && (
          <div className="admin-field">
            <label htmlFor={`${id}-own`}>{t('admin.hide.ownText')}</label>
            <textarea
              id={`${id}-own`}
              rows={3}
              required
              maxLength={MODERATION_REASON_MAX}
              value={own}
              onChange={(e) => setOwn(e.target.value)}
            />
          </div>
        )}
      </fieldset>
    </ConfirmDialog>
  );
}
