// A page's search (?token=…), as its frame in AnimatedOutlet last saw it. A leaving page outlives
// its route: useSearch({ from }) would throw "Invariant failed" there, and useSearch({ strict: false })
// would hand it the next page's search, so pages read their search here (eslint forbids `from`).
import { createContext, use, useMemo } from 'react';

export const PageSearchContext = createContext<object>({});

export function usePageSearch<T>(validate: (search: Record<string, unknown>) => T): T {
  const search = use(PageSearchContext) as Record<string, unknown>;
  return useMemo(() => validate(search), [validate, search]);
}
