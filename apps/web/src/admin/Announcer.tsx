// One polite live region for the staff area: every action's result is announced here. A result
// said in one language is not left standing in the other: switching the language clears it.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const AnnounceContext = createContext<(text: string) => void>(() => {});

export const useAnnounce = () => useContext(AnnounceContext);

export function Announcer({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => setText(next), []);
  useEffect(() => {
    const clear = () => setText('');
    i18n.on('languageChanged', clear);
    return () => i18n.off('languageChanged', clear);
  }, [i18n]);
  return (
    <AnnounceContext.Provider value={announce}>
      <p className="admin-status" role="status" aria-live="polite">
        {text}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}
