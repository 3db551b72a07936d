// A share button with its confirmation, visible next to it and announced (role="status").
import { useState } from 'react';
import { shareLink, type ShareResult } from './share';

type Confirmations = Record<Exclude<ShareResult, 'cancelled'>, string>;

export function ShareButton(props: { label: string; title: string; text: string; url: string; confirmations: Confirmations }) {
  const { label, title, text, url, confirmations } = props;
  const [result, setResult] = useState<ShareResult | null>(null);
  return (
    <div className="share">
      <button type="button" className="button share__button" onClick={() => void shareLink({ title, text, url }).then(setResult)}>
        {label}
      </button>
      <p className="share__status" role="status">
        {result && result !== 'cancelled' ? confirmations[result] : ''}
      </p>
    </div>
  );
}
