// Barriers reported through the accessibility statement's form, newest first, with the state of
// the mail that told the team. Visitors' text is shown as text.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../AdminTable';
import { errorText } from '../errors';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';

export function AccessibilityFeedback() {
  const { t } = useTranslation();
  const time = useFormatTime();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.staff.accessibilityFeedback.list.queryOptions(), refetchOnMount: 'always' });
  const entries = list.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="a11y-feedback-h">
      <h2 id="a11y-feedback-h">{t('admin.feedback.title')}</h2>
      {list.isError && <p className="feedback feedback--error">{errorText(t, list.error)}</p>}
      <AdminTable
        caption={t('admin.feedback.caption')}
        head={[
          t('admin.feedback.receivedAt'),
          t('admin.feedback.message'),
          t('admin.feedback.page'),
          t('admin.feedback.email'),
          t('admin.feedback.mail'),
        ]}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <th scope="row">{time(e.receivedAt)}</th>
            <td className="admin-feedback__message">{e.message}</td>
            <td>{e.page ?? '–'}</td>
            <td>{e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : t('admin.feedback.noEmail')}</td>
            <td>{t(`admin.feedback.states.${e.mailStatus}`)}</td>
          </tr>
        ))}
      </AdminTable>
      <p role="status">{list.isPending ? t('app.loading') : entries.length === 0 ? t('admin.feedback.none') : ''}</p>
    </section>
  );
}
