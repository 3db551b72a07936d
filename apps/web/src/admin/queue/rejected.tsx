// Items rejected in this session. A rejected item leaves the queue (the server lists only new,
// reported and hidden ones), so it is kept here to be restored if the rejection was a mistake.
import type { QueueProposal, StaffMonument } from '@linz/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Rejected = { monuments: StaffMonument[]; proposals: QueueProposal[] };
type Api = Rejected & {
  rejectedMonument: (m: StaffMonument) => void;
  rejectedProposal: (i: QueueProposal) => void;
  restored: (kind: 'monument' | 'proposal', id: string | number) => void;
};

const RejectedContext = createContext<Api | null>(null);

export function useRejected(): Api {
  const api = useContext(RejectedContext);
  if (!api) throw new Error('useRejected outside RejectedProvider');
  return api;
}

export function RejectedProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Rejected>({ monuments: [], proposals: [] });
  const rejectedMonument = useCallback(
    (m: StaffMonument) => setState((s) => ({ ...s, monuments: [m, ...s.monuments.filter((x) => x.id !== m.id)] })),
    [],
  );
  const rejectedProposal = useCallback(
    (i: QueueProposal) => setState((s) => ({ ...s, proposals: [i, ...s.proposals.filter((x) => x.id !== i.id)] })),
    [],
  );
  const restored = useCallback(
    (kind: 'monument' | 'proposal', id: string | number) =>
      setState((s) =>
        kind === 'monument'
          ? { ...s, monuments: s.monuments.filter((x) => x.id !== id) }
          : { ...s, proposals: s.proposals.filter((x) => x.id !== id) },
      ),
    [],
  );
  const api = useMemo(
    () => ({ ...state, rejectedMonument, rejectedProposal, restored }),
    [state, rejectedMonument, rejectedProposal, restored],
  );
  return <RejectedContext.Provider value={api}>{children}</RejectedContext.Provider>;
}
