import type { Permission } from '@wattdesk/shared/permissions';
import type { ReactNode } from 'react';
import { NoAccess } from '../components/errors/no-access.tsx';
import { useCan } from '../lib/can.tsx';

export const RequirePermission = ({ permission, children }: { permission: Permission; children: ReactNode }) =>
  useCan()(permission) ? children : <NoAccess />;
