// The locales as the shared audit texts (`@linz/contract/audit`) read them: a text, or undefined
// when the key has none (so a new field shows its path instead of a key).
import type { Lookup } from '@linz/contract/audit';
import { useTranslation } from 'react-i18next';

export function useLookup(): Lookup {
  const { t, i18n } = useTranslation();
  return (key) => {
    if (!i18n.exists(key)) return undefined;
    const text: unknown = t(key, { returnObjects: true });
    return typeof text === 'string' ? text : undefined;
  };
}
