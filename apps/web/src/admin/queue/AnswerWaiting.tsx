// The staff area's action on a proposal waiting for the city's answer: opens the answer form in place.
import type { AwaitingAnswer } from '@linz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from './AnswerForm';

export function AnswerWaiting({ item }: { item: AwaitingAnswer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-label={t('timeline.answerOf', { name: item.name })}
        onClick={() => setOpen(!open)}
      >
        {t('admin.actions.answer')}
      </button>
      {open ? <AnswerForm proposalId={item.id} name={item.name} status="open" answer={null} /> : null}
    </>
  );
}
