// Shares a link to the monument (/?monument=<id>; a proposal's: its view, proposalLink): the device's share sheet where there is one,
// else the clipboard; when neither works, the link is shown to copy by hand. The outcome is said
// in the popup's banner (role=status, like a vote's), so it is seen and announced.
import { APP_PATHS, monumentViewPath } from '@linz/contract/facts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failure, success, type Feedback } from '../feedback/feedback';
import { shareLink, type ShareResult } from '../share/share';

export function monumentLink(monumentId: string): string {
  const url = new URL(APP_PATHS.home, window.location.origin);
  url.searchParams.set('monument', monumentId);
  return url.href;
}

/** The proposal selected in its monument's view; that page carries the proposal's preview. */
export function proposalLink(monumentId: string, proposalId: number): string {
  return new URL(monumentViewPath(monumentId, proposalId), window.location.origin).href;
}

export const FEEDBACK: Record<Exclude<ShareResult, 'cancelled'>, Feedback> = {
  shared: success('findMap.shared'),
  copied: success('findMap.copied'),
  failed: failure('findMap.copyByHand'),
};

type Props = { monumentId: string; name: string; onOutcome: (feedback: Feedback) => void };

export function ShareLink({ monumentId, name, onOutcome }: Props) {
  const { t } = useTranslation();
  const [byHand, setByHand] = useState(false);
  const url = monumentLink(monumentId);
  const onClick = async () => {
    const outcome = await shareLink({ title: name, url });
    if (outcome === 'cancelled') return;
    setByHand(outcome === 'failed');
    onOutcome(FEEDBACK[outcome]);
  };
  return (
    <div className="share-link">
      <button type="button" className="share-link__button" onClick={() => void onClick()}>
        {t('findMap.share')}
      </button>
      {byHand ? (
        <input
          className="share-link__url"
          readOnly
          value={url}
          aria-label={t('findMap.linkLabel')}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
