// What every staff mutation does afterwards: on success every query is read again (the queue, the
// audit log and the public lists all change) and the result announced; on failure the reason is
// announced (a 401 also ends the session, see StaffSession).
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from './Announcer';
import { errorText } from './errors';

export function useStaffAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  return {
    done: (text: string) => {
      announce(text);
      void queryClient.invalidateQueries();
    },
    failed: (error: unknown) => announce(errorText(t, error)),
  };
}
