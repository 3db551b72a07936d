// Sign-in with the staff member's access token (a password field: it is a secret), and, where the
// server has it configured, with the city's accounts: a link to the server's start address (a
// navigation to the city's identity provider), which comes back to /admin signed in or with
// `?oidc=denied|failed`, said here once and then taken out of the address.
import { APP_PATHS, PATHS } from '@linz/contract/facts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { pendingAnswer } from '../storage/keys';
import { useAnnounce } from './Announcer';
import { errorText } from './errors';
import { apiErrorOf } from '../api/errors';
import { useTRPC } from './trpc';

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
  const staffOidc = useQuery(clientConfigQuery()).data?.staffOidc === true;
  const navigate = useNavigate();
  // Came by a proposal's answer link (the mayor's mail): say where the sign-in leads.
  const linked = useSearch({ strict: false }).answer;
  const [oidcRefusal] = useState(() => {
    const reason = new URLSearchParams(window.location.search).get('oidc');
    return reason === 'denied' || reason === 'failed' ? reason : null;
  });
  useEffect(() => {
    if (oidcRefusal) void navigate({ to: APP_PATHS.admin, search: {}, replace: true });
  }, [oidcRefusal, navigate]);
  const signIn = useMutation(
    trpc.staff.session.signIn.mutationOptions({
      onSuccess: ({ name }) => {
        announce(t('admin.session.signedIn', { name }));
        onSignedIn(name);
      },
    }),
  );
  const error = signIn.error
    ? apiErrorOf(signIn.error).code === 'UNAUTHORIZED'
      ? t('admin.signIn.wrongToken')
      : errorText(t, signIn.error)
    : (notice ?? (oidcRefusal === 'denied' ? t('admin.oidc.denied') : oidcRefusal ? t('admin.oidc.failed') : null));
  return (
    <section aria-labelledby={`${tokenId}-h`}>
      <h1 id={`${tokenId}-h`}>{t('admin.signIn.title')}</h1>
      {linked && <p>{t('admin.linkedAnswer.signInFirst', { id: linked })}</p>}
      {error && (
        <p className="feedback feedback--error" role="alert">
          {error}
        </p>
      )}
      {staffOidc && (
        <>
          <p>{t('admin.oidc.text')}</p>
          <p>
            <a className="button button--primary" href={PATHS.oidcStart} onClick={() => linked && pendingAnswer.write(linked)}>
              {t('admin.oidc.button')}
            </a>
          </p>
        </>
      )}
      <p>{staffOidc ? t('admin.oidc.orToken') : t('admin.signIn.text')}</p>
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
