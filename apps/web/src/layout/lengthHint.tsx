// How much of a text field's length is used, under the field, once it matters: from four fifths of
// its limit on (the browser's maxLength stops the typing there without a word), or always where a
// long text is expected (a comment). It is the field's description (aria-describedby), read with
// it on focus; at the limit it says so.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The share of the limit from which the count shows. */
const NEAR = 0.8;

/** The count under a field (or nothing yet) and the id the field's aria-describedby takes with its own. */
export function useLengthHint(
  id: string,
  value: string,
  max: number,
  always = false,
): { hint: ReactNode; describedBy: (...others: (string | false | undefined)[]) => string | undefined } {
  const { t } = useTranslation();
  // As the browser's maxLength counts: UTF-16 code units.
  const used = value.length;
  const shown = always || used >= max * NEAR;
  const full = used >= max;
  return {
    hint: shown ? (
      <p id={id} className={full ? 'length-hint length-hint--full' : 'length-hint'}>
        {t(full ? 'app.lengthFull' : 'app.length', { used, max })}
      </p>
    ) : null,
    describedBy: (...others) => [...others, shown && id].filter(Boolean).join(' ') || undefined,
  };
}
