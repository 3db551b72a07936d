// Session state: the `me` query decides between the sign-in form and the staff area. A 401 on any
// other staff call ends the session here (the cache's events see every query and mutation).
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInForm } from './SignInForm';
import { StaffArea } from './StaffArea';
import { apiErrorOf } from '../api/errors';
import { useTRPC } from './trpc';

const SIGN_IN_KEY = JSON.stringify(['staff', 'session', 'signIn']);

export function StaffSession() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const me = useQuery(trpc.staff.session.me.queryOptions(undefined, { retry: false, staleTime: Infinity }));
  const meKey = JSON.stringify(trpc.staff.session.me.queryKey()[0]);

  useEffect(() => {
    const ended = (error: unknown) => {
      if (apiErrorOf(error).code !== 'UNAUTHORIZED') return;
      setSignedOut(true);
      setNotice(t('admin.session.ended'));
    };
    // The first `me` answer without a session is the normal start, and a wrong token is the
    // sign-in form's own error: neither is a session that ended.
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (JSON.stringify((event.query as Query).queryKey[0]) !== meKey) ended(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key: readonly unknown[] | undefined = event.mutation.options.mutationKey;
      if (JSON.stringify(key?.[0]) !== SIGN_IN_KEY) ended(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, t, meKey]);

  if (me.isPending) return <p role="status">{t('app.loading')}</p>;
  if (!me.data || signedOut) {
    return (
      <SignInForm
        notice={notice}
        onSignedIn={(name) => {
          queryClient.setQueryData(trpc.staff.session.me.queryKey(), { name });
          setNotice(null);
          setSignedOut(false);
        }}
      />
    );
  }
  return <StaffArea name={me.data.name} onSignedOut={() => setSignedOut(true)} />;
}
