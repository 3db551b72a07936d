// The staff area's typed tRPC client (type only from the API's router) and its React context.
import type { AppRouter } from '@linz/api/router';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** Same origin: the staff_session cookie goes along; one request per call keeps errors per call. */
export const createStaffClient = () => createTRPCClient<AppRouter>({ links: [httpLink({ url: '/trpc' })] });
