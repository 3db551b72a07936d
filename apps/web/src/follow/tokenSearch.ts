// The `?token=…` of the confirmation and unsubscribe links, as the router keeps it (a string or nothing).
export type TokenSearch = { token?: string };

export const validateTokenSearch = (search: Record<string, unknown>): TokenSearch =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};

/** The map link of one proposal: its monument's popup opened at it. */
export const proposalLink = (monumentId: string, proposalId: number) => ({
  to: '/' as const,
  search: { monument: monumentId, proposal: String(proposalId) },
});
