// Items rejected in this session. A rejected item leaves the queue (the server lists only new,
// reported and hidden ones), so it is kept here to be restored if the rejection was a mistake.
import type { QueueIntervention, StaffMonument } from '@linz/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Rejected = { monuments: StaffMonument[]; interventions: QueueIntervention[] };
type Api = Rejected & {
  rejectedMonument: (m: StaffMonument) => void;
  rejectedIntervention: (i: QueueIntervention) => void;
  restored: (kind: 'monument' | 'intervention', id: string | number) => void;
};

const RejectedContext = createContext<Api | null>(null);

export function useRejected(): Api {
  const api = useContext(RejectedContext);
  if (!api) throw new Error('useRejected outside RejectedProvider');
  return api;
}

export function RejectedProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Rejected>({ monuments: [], interventions: [] });
  const rejectedMonument = useCallback(
    (m: StaffMonument) => setState((s) => ({ ...s, monuments: [m, ...s.monuments.filter((x) => x.id !== m.id)] })),
    [],
  );
  const rejectedIntervention = useCallback(
    (i: QueueIntervention) => setState((s) => ({ ...s, interventions: [i, ...s.interventions.filter((x) => x.id !== i.id)] })),
    [],
  );
  const restored = useCallback(
    (kind: 'monument' | 'intervention', id: string | number) =>
      setState((s) =>
        kind === 'monument'
          ? { ...s, monuments: s.monuments.filter((x) => x.id !== id) }
          : { ...s, interventions: s.interventions.filter((x) => x.id !== id) },
      ),
    [],
  );
  const api = useMemo(
    () => ({ ...state, rejectedMonument, rejectedIntervention, restored }),
    [state, rejectedMonument, rejectedIntervention, restored],
  );
  return <RejectedContext.Provider value={api}>{children}</RejectedContext.Provider>;
}
