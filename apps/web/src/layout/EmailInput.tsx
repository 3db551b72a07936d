// An e-mail address field as a phone should offer it: the keyboard with "@", the saved address,
// no spelling marks under it.
import type { InputHTMLAttributes } from 'react';

export function EmailInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input {...props} type="email" autoComplete="email" inputMode="email" spellCheck={false} />;
}
