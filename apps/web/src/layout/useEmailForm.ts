// A form that asks for an e-mail address and has the server send one mail (following a proposal,
// confirming a vote): the address, busy while a request runs, pending once the server took the
// address (the form gives way to its answer), and the answer to show.
import { useState, type FormEvent } from 'react';
import { failure, type Feedback } from '../feedback/feedback';

type Outcome = { ok: boolean; feedback: Feedback };

export function useEmailForm(send: (email: string) => Promise<Outcome>) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Feedback | null>(null);
  /** A request of the form's (the mail, or another of its buttons), its answer shown. */
  const run = async (request: () => Promise<Outcome>) => {
    setBusy(true);
    const outcome = await request();
    setBusy(false);
    setMessage(outcome.feedback);
    return outcome;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setMessage(failure('follow.errors.emailRequired'));
      return;
    }
    const outcome = await run(() => send(email.trim()));
    setPending(outcome.ok);
  };
  return { email, setEmail, busy, pending, message, submit, run };
}
