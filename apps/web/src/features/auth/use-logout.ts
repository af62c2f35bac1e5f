import { failureMessages } from '@wattdesk/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify.tsx';
import { useSession } from '../../lib/session-store.ts';
import { logout } from './api/auth-api.ts';

/**
 * Revokes the sign-in on the server, then forgets the user here and returns to the landing page.
 * If the server cannot be told, the user is still signed out of this browser and told so.
 */
export const useLogout = () => {
  const signOut = useSession((state) => state.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { errorHandled: true },
    onError: () => notifyError(failureMessages.logout),
    onSettled: () => {
      signOut();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
};
