// The popup's input and button to propose a proposal.
import { NAME_MAX } from '@linz/contract/facts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLengthHint } from '../layout/lengthHint';

/** `hint`: what a proposal could be here (for a street: a new name or an added plaque). */
type Props = { adding: boolean; onAdd: (title: string) => boolean; hint?: string | undefined };

export function AddProposalForm({ adding, onAdd, hint }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const [title, setTitle] = useState('');
  const length = useLengthHint(`${id}-length`, title, NAME_MAX);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Cleared either way once a request starts (spec section 4).
    if (onAdd(title)) setTitle('');
  };
  return (
    <>
      {hint ? (
        <p id={hintId} className="add-proposal__hint">
          {hint}
        </p>
      ) : null}
      <form className="add-proposal" onSubmit={submit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          {t('popup.inputLabel')}
        </label>
        <input
          id={id}
          aria-describedby={length.describedBy(hint !== undefined && hint !== '' && hintId)}
          type="text"
          value={title}
          maxLength={NAME_MAX}
          placeholder={t('popup.placeholder')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className="button" disabled={adding}>
          {adding ? t('popup.adding') : t('popup.add')}
        </button>
      </form>
      {length.hint}
    </>
  );
}
