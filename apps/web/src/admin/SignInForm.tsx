// Sign-in with the staff member's access token (a password field: it is a secret).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from './Announcer';
import { errorText } from './errors';
import { errorCode, useTRPC } from './trpc';

type Props = { notice: string | null; onSignedIn: (name: string) => void };

export function SignInForm({ notice, onSignedIn }: Props) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const announce = useAnnounce();
  const tokenId = useId();
  const [token, setToken] = useState('');
  // Sent back here by a 401: the staff area that had focus is gone, so the form takes it.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (notice) input.current?.focus();
  }, [notice]);
  const signIn = useMutation(
    trpc.staff.session.signIn.mutationOptions({
      onSuccess: ({ name }) => {
        announce(t('admin.session.signedIn', { name }));
        onSignedIn(name);
      },
    }),
  );
  const error = signIn.error
    ? errorCode(signIn.error) === 'UNAUTHORIZED'
      ? t('admin.signIn.wrongToken')
      : errorText(t, signIn.error)
    : (notice ?? null);
  return (
    <section aria-labelledby={`${tokenId}-h`}>
      <h1 id={`${tokenId}-h`}>{t('admin.signIn.title')}</h1>
      <p>{t('admin.signIn.text')}</p>
      {error && (
        <p className="feedback feedback--error" role="alert">
          {error}
        </p>
      )}
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate({ token: token.trim() });
        }}
      >
        <label htmlFor={tokenId}>{t('admin.signIn.token')}</label>
        <input
          ref={input}
          id={tokenId}
          type="password"
          autoComplete="current-password"
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button className="button button--primary" type="submit" disabled={signIn.isPending}>
          {t('admin.signIn.submit')}
        </button>
      </form>
    </section>
  );
}
