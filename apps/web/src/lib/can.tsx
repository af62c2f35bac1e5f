import type { Permission } from '@wattdesk/shared/permissions';
import { can } from '@wattdesk/shared/role-permissions';
import type { ReactNode } from 'react';
import { useSession } from './session-store.ts';

/** Whether the signed-in user's type holds the permission. The server checks again; this only hides. */
export const useCan = () => {
  const userType = useSession((state) => state.user?.userType);
  return (permission: Permission) => (userType ? can(userType, permission) : false);
};

export const Can = ({ permission, children }: { permission: Permission; children: ReactNode }) => (useCan()(permission) ? children : null);
