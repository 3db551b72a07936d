// One polite live region for the staff area: every action's result is announced here.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => {});

export const useAnnounce = () => useContext(AnnounceContext);

export function Announcer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => setText(next), []);
  return (
    <AnnounceContext.Provider value={announce}>
      <p className="admin-status" role="status" aria-live="polite">
        {text}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}
