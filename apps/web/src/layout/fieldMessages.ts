// A form field's check message in the page's language: the browser's own ("Please fill out this
// field.") follows the browser's language, not the page's. Set when a field is found invalid, and
// cleared as the visitor types, so the browser checks afresh.
import type { TFunction } from 'i18next';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** The message for what the field lacks, or '' when only our own message made it invalid. */
export function fieldMessage(validity: ValidityState, type: string, t: TFunction): string {
  if (validity.valueMissing) return t(type === 'checkbox' ? 'languageFixes.requiredCheck' : 'languageFixes.required');
  if (validity.typeMismatch) return t(type === 'email' ? 'languageFixes.email' : 'languageFixes.invalid');
  if (validity.tooShort || validity.tooLong || validity.patternMismatch || validity.badInput) return t('languageFixes.invalid');
  if (validity.rangeUnderflow || validity.rangeOverflow || validity.stepMismatch) return t('languageFixes.invalid');
  return '';
}

/** Listens on the whole document; returns the way to stop. */
export function localiseFieldMessages(t: TFunction): () => void {
  const onInvalid = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    field.setCustomValidity('');
    const message = fieldMessage(field.validity, field.type, t);
    if (message) field.setCustomValidity(message);
  };
  const onInput = (event: Event) => {
    if (isField(event.target)) event.target.setCustomValidity('');
  };
  document.addEventListener('invalid', onInvalid, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  return () => {
    document.removeEventListener('invalid', onInvalid, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
  };
}
