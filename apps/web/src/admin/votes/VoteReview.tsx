// "Stimmen prüfen": one proposal's votes as staff check them (counts, networks, hours, mail
// domains, its mayor mails) and the decision form: a filter, release or invalidate, a reason, a
// preview of what it changes, then one confirmed action.
import type { VoteDecisionAnswer, VoteFilter, VoteReview as Review } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../AdminTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorText } from '../errors';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

const STATES = ['counted', 'held', 'invalidated'] as const;
type Action = 'release' | 'invalidate';
type Draft = {
  network: string;
  from: string;
  to: string;
  confirmed: 'any' | 'yes' | 'no';
  status: '' | (typeof STATES)[number];
  action: Action;
  reason: string;
};
const EMPTY: Draft = { network: '', from: '', to: '', confirmed: 'any', status: '', action: 'release', reason: '' };

/** A datetime-local value (the staff member's local time) as an ISO time with offset. */
const isoOf = (local: string) => (local === '' ? undefined : new Date(local).toISOString());

function filterOf(d: Draft): VoteFilter {
  const from = isoOf(d.from);
  const to = isoOf(d.to);
  return {
    ...(d.network ? { network: d.network } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(d.confirmed === 'any' ? {} : { confirmed: d.confirmed === 'yes' }),
    ...(d.status ? { status: d.status } : {}),
  };
}

export function VoteReview({ proposalId }: { proposalId: number }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const review = useQuery(trpc.votes.review.queryOptions({ proposalId }));
  if (review.isPending) return <p role="status">{t('app.loading')}</p>;
  if (review.isError) return <p className="feedback feedback--error">{errorText(t, review.error)}</p>;
  return <ReviewOf review={review.data} />;
}

function ReviewOf({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  const time = useFormatTime();
  const tally = [t('admin.votes.counted'), t('admin.votes.held'), t('admin.votes.invalidated'), t('admin.votes.confirmed')];
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="admin-section vote-review" aria-labelledby="vote-review-h">
      <h3 id="vote-review-h">{t('admin.votes.reviewTitle', { name: review.name })}</h3>
      <dl className="vote-review__counts">
        <dt>{t('admin.votes.counts.votes')}</dt>
        <dd>{review.votes}</dd>
        <dt>{t('admin.votes.counts.confirmed')}</dt>
        <dd>{review.confirmedVotes}</dd>
        <dt>{t('admin.votes.counts.held')}</dt>
        <dd>{review.held}</dd>
        <dt>{t('admin.votes.counts.invalidated')}</dt>
        <dd>{review.invalidated}</dd>
        <dt>{t('admin.votes.counts.share')}</dt>
        <dd>{percent.format(review.confirmedShare)}</dd>
      </dl>
      <AdminTable caption={t('admin.votes.networksCaption')} head={[t('admin.votes.network'), ...tally]}>
        {review.networks.map((n) => (
          <tr key={n.key}>
            <th scope="row">{t('admin.votes.networkLabel', { label: n.label })}</th>
            <td>{n.counted}</td>
            <td>{n.held}</td>
            <td>{n.invalidated}</td>
            <td>{n.confirmed}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminTable caption={t('admin.votes.hoursCaption')} head={[t('admin.votes.hour'), ...tally]}>
        {review.hours.map((h) => (
          <tr key={h.hour}>
            <th scope="row">{time(h.hour)}</th>
            <td>{h.counted}</td>
            <td>{h.held}</td>
            <td>{h.invalidated}</td>
            <td>{h.confirmed}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminTable caption={t('admin.votes.domainsCaption')} head={[t('admin.votes.domain'), t('admin.votes.votes')]}>
        {review.mailDomains.map((d) => (
          <tr key={d.domain}>
            <th scope="row">{d.domain}</th>
            <td>{d.votes}</td>
          </tr>
        ))}
      </AdminTable>
      {review.mailDomains.length === 0 ? <p>{t('admin.votes.none')}</p> : null}
      <AdminTable
        caption={t('admin.votes.mailsCaption')}
        head={[t('admin.outbox.kind'), t('admin.outbox.state'), t('admin.outbox.votes'), t('admin.outbox.reachedAt')]}
      >
        {review.mails.map((m) => (
          <tr key={m.id}>
            <th scope="row">{t(`admin.outbox.kinds.${m.kind}`)}</th>
            <td>{t(`admin.outbox.states.${m.status}`)}</td>
            <td>{m.voteCount}</td>
            <td>{time(m.reachedAt)}</td>
          </tr>
        ))}
      </AdminTable>
      {review.mails.length === 0 ? <p>{t('admin.votes.none')}</p> : null}
      <DecisionForm key={review.proposalId} review={review} />
    </section>
  );
}

function DecisionForm({ review }: { review: Review }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<VoteDecisionAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setPreview(null);
  };
  const proposalId = review.proposalId;
  const previewing = useMutation(
    trpc.votes.preview.mutationOptions({
      onSuccess: (answer) => setPreview(answer),
      onError: (error) => setProblem(errorText(t, error)),
    }),
  );
  const decide = useMutation(
    trpc.votes.decide.mutationOptions({
      onSuccess: (answer) => {
        setPreview(null);
        setDraft(EMPTY);
        action.done(
          t('admin.votes.decide.done', {
            changes: answer.changes,
            votes: answer.votesAfter,
            confirmed: answer.confirmedVotesAfter,
          }),
        );
      },
      onError: action.failed,
    }),
  );
  const reasonOk = draft.reason.trim().length >= 3;
  const body = () => ({ filter: filterOf(draft), action: draft.action });
  return (
    <form
      className="admin-form vote-decision"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (!reasonOk) {
          setProblem(t('admin.votes.decide.reasonRequired'));
          return;
        }
        previewing.mutate({ proposalId, body: body() });
      }}
    >
      <h4 id={`${id}-title`}>{t('admin.votes.decide.title')}</h4>
      <fieldset className="admin-filters">
        <legend>{t('admin.votes.decide.filter')}</legend>
        <div className="admin-field">
          <label htmlFor={`${id}-net`}>{t('admin.votes.decide.network')}</label>
          <select id={`${id}-net`} value={draft.network} onChange={(e) => change({ network: e.target.value })}>
            <option value="">{t('admin.votes.decide.allNetworks')}</option>
            {review.networks.map((n) => (
              <option key={n.key} value={n.key}>
                {t('admin.votes.networkLabel', { label: n.label })}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>{t('admin.votes.decide.from')}</label>
          <input id={`${id}-from`} type="datetime-local" value={draft.from} onChange={(e) => change({ from: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>{t('admin.votes.decide.to')}</label>
          <input id={`${id}-to`} type="datetime-local" value={draft.to} onChange={(e) => change({ to: e.target.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-confirmed`}>{t('admin.votes.decide.confirmed')}</label>
          <select
            id={`${id}-confirmed`}
            value={draft.confirmed}
            onChange={(e) => change({ confirmed: e.target.value as Draft['confirmed'] })}
          >
            <option value="any">{t('admin.votes.decide.any')}</option>
            <option value="yes">{t('admin.votes.decide.yes')}</option>
            <option value="no">{t('admin.votes.decide.no')}</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>{t('admin.votes.decide.status')}</label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => change({ status: e.target.value as Draft['status'] })}
          >
            <option value="">{t('admin.votes.decide.allStates')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.votes.decide.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset className="admin-filters">
        <legend>{t('admin.votes.decide.action')}</legend>
        {(['release', 'invalidate'] as const).map((a) => (
          <label key={a} className="vote-decision__choice">
            <input
              type="radio"
              name={`${id}-action`}
              value={a}
              checked={draft.action === a}
              onChange={() => change({ action: a })}
            />{' '}
            {t(`admin.votes.decide.actions.${a}`)}
          </label>
        ))}
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>{t('admin.votes.decide.reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          required
          maxLength={500}
          aria-invalid={problem !== null && !reasonOk}
          value={draft.reason}
          onChange={(e) => change({ reason: e.target.value })}
        />
      </div>
      {problem && (
        <p className="feedback feedback--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={previewing.isPending}>
        {t('admin.votes.decide.preview')}
      </button>
      <p role="status" className="vote-decision__preview">
        {preview
          ? t('admin.votes.decide.previewText', {
              changes: preview.changes,
              votes: preview.votesAfter,
              confirmed: preview.confirmedVotesAfter,
            })
          : ''}
      </p>
      {preview && preview.changes > 0 ? (
        <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => setConfirming(true)}>
          {t('admin.votes.decide.apply')}
        </button>
      ) : null}
      {confirming && preview ? (
        <ConfirmDialog
          title={t('admin.votes.decide.confirmTitle', { changes: preview.changes, name: review.name })}
          confirmLabel={
            draft.action === 'release' ? t('admin.votes.decide.confirmRelease') : t('admin.votes.decide.confirmInvalidate')
          }
          onConfirm={() => decide.mutate({ proposalId, body: { ...body(), reason: draft.reason.trim() } })}
          onClose={() => setConfirming(false)}
        >
          <p>
            {t('admin.votes.decide.previewText', {
              changes: preview.changes,
              votes: preview.votesAfter,
              confirmed: preview.confirmedVotesAfter,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
