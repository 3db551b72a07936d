// The proposal a link opened (/admin?answer=<id>, from the mayor's mail): its card with the answer
// form open, first in the staff area, and the focus in the form, so whoever followed the link lands
// where they act. Read by id, so a proposal hidden since the mail went out is found too.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { ProposalCard } from './ProposalCard';

type Props = { proposalId: number; onClose: () => void };

export function LinkedAnswer({ proposalId, onClose }: Props) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const proposal = useQuery(trpc.staff.proposals.get.queryOptions({ proposalId }, { retry: false }));
  const settled = proposal.isSuccess || proposal.isError;
  // Once: into the answer form's first field when it is there, else to the heading (the reason follows it).
  const focused = useRef(false);
  useEffect(() => {
    if (!settled || focused.current) return;
    focused.current = true;
    const field = section.current?.querySelector<HTMLElement>('form select, form textarea');
    (field ?? heading.current)?.focus();
  }, [settled]);
  return (
    <section ref={section} className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('admin.linkedAnswer.title', { id: proposalId })}
      </h2>
      {proposal.isPending && <p role="status">{t('app.loading')}</p>}
      {proposal.isError && <p className="feedback feedback--error">{errorText(t, proposal.error)}</p>}
      {proposal.data && <ProposalCard proposal={proposal.data} initiallyOpen="answer" />}
      <button type="button" className="button" onClick={onClose}>
        {t('admin.linkedAnswer.close')}
      </button>
    </section>
  );
}
