// /admin: the staff area (loaded with its route only). Shows the sign-in form until the server
// knows this browser's staff session; any call answered 401 returns here with a message.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Announcer } from './Announcer';
import { StaffSession } from './StaffSession';
import { TRPCProvider, createStaffClient } from './trpc';
import './admin.css';

export function AdminPage() {
  const queryClient = useQueryClient();
  const [trpcClient] = useState(createStaffClient);
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <div className="content admin">
        <Announcer>
          <StaffSession />
        </Announcer>
      </div>
    </TRPCProvider>
  );
}
