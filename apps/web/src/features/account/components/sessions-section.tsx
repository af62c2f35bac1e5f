import { formatDateTime } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AccountSession } from '@wattdesk/shared/schemas/account';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-api.ts';

/** Sign-ins are not tied to a location: shown in this browser's time zone, with its name. */
// No zone given: the viewer's own, labelled like every other time ("Nov 3, 2026, 09:05 PST").
const when = (iso: string) => formatDateTime(iso);

const METHOD_LABELS: Record<string, string> = {
  password: 'Password',
  'password+totp': 'Password and authenticator app',
  'password+recovery-code': 'Password and recovery code',
  'workforce-sso': 'Workforce single sign-on',
  'customer-sso': 'Single sign-on',
};

type Pending = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

/** Where this account is signed in; sign out one device, or all but this one. */
export const SessionsSection = () => {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  if (sessions.isPending) return <PageLoader />;
  if (sessions.isError) return <LoadErrorAlert subject="Your signed-in devices" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const items = sessions.data.items;
  const others = items.filter((item) => !item.isCurrent).length;
  const close = () => setPending(null);
  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }} role="region" aria-label="Signed-in devices" tabIndex={0} data-scrolls-sideways>
        <Table size="small" aria-label="Signed-in devices">
          <TableHead>
            <TableRow>
              <TableCell>Device</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Signed in</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  {item.device} {item.isCurrent ? <Chip size="small" color="primary" label="This device" sx={{ ml: 1 }} /> : null}
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                    {METHOD_LABELS[item.signInMethod ?? ''] ?? item.signInMethod ?? ''}
                  </Box>
                </TableCell>
                <TableCell>{item.ipAddress ?? '—'}</TableCell>
                <TableCell>{when(item.signedInAt)}</TableCell>
                <TableCell>{when(item.lastUsedAt)}</TableCell>
                <TableCell align="right">
                  {item.isCurrent ? null : (
                    <Button
                      size="small"
                      onClick={() => setPending({ kind: 'one', session: item })}
                      aria-label={`Sign out ${item.device}, last used ${when(item.lastUsedAt)}`}
                    >
                      Sign out
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Button variant="outlined" color="error" sx={{ mt: 2 }} disabled={others === 0} onClick={() => setPending({ kind: 'others' })}>
        Sign out all other devices
      </Button>
      <ConfirmDialog
        open={pending?.kind === 'one'}
        title="Sign out this device?"
        confirmLabel="Sign out"
        isDestructive
        isBusy={endOne.isPending}
        onClose={close}
        onConfirm={() => pending?.kind === 'one' && endOne.mutate(pending.session.id, { onSettled: close })}
      >
        {pending?.kind === 'one' ? `${pending.session.device} (${pending.session.ipAddress ?? 'unknown address'}) will have to sign in again.` : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'others'}
        title="Sign out all other devices?"
        confirmLabel="Sign out others"
        isDestructive
        isBusy={endOthers.isPending}
        onClose={close}
        onConfirm={() => endOthers.mutate(undefined, { onSettled: close })}
      >
        Every other device signed in to your account ({others}) will have to sign in again. This one stays signed in.
      </ConfirmDialog>
    </Box>
  );
};
