// The `?token=…` of the confirmation and unsubscribe links, as the router keeps it (a string or
// nothing), and the unsubscribe mail's `&all=1` ("every proposal"), which puts that button first.
export type TokenSearch = { token?: string; all?: '1' };

export const validateTokenSearch = (search: Record<string, unknown>): TokenSearch => ({
  ...(typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {}),
  ...(search.all === '1' ? { all: '1' as const } : {}),
});

/** The map link of one proposal: its monument's popup opened at it. */
export const proposalLink = (monumentId: string, proposalId: number) => ({
  to: '/' as const,
  search: { monument: monumentId, proposal: String(proposalId) },
});
