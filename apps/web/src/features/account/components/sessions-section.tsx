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
import { useT } from '../../../i18n/use-t.ts';
import { accountText, type AccountKey, type AccountT } from '../account-text.ts';

/** Sign-ins are not tied to a location: shown in this browser's time zone, with its name. */
// No zone given: the viewer's own, labelled like every other time ("Nov 3, 2026, 09:05 PST").
const when = (iso: string) => formatDateTime(iso);

const METHOD_LABELS: Record<string, AccountKey> = {
  password: 'method.password',
  'password+totp': 'method.password+totp',
  'password+recovery-code': 'method.password+recovery-code',
  'workforce-sso': 'method.workforce-sso',
  'customer-sso': 'method.customer-sso',
};
/** A sign-in method's name; one this build does not know, as the server sent it. */
const methodLabel = (t: AccountT, method: string | null) => {
  const key = METHOD_LABELS[method ?? ''];
  return key ? t(key) : (method ?? '');
};

type Pending = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

/** Where this account is signed in; sign out one device, or all but this one. */
export const SessionsSection = () => {
  const sessions = useAccountSessions();
  const t = useT(accountText);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  if (sessions.isPending) return <PageLoader />;
  if (sessions.isError) return <LoadErrorAlert subject={t('devices.loadSubject')} error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const items = sessions.data.items;
  const others = items.filter((item) => !item.isCurrent).length;
  const close = () => setPending(null);
  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }} role="region" aria-label={t('devices.label')} tabIndex={0} data-scrolls-sideways>
        <Table size="small" aria-label={t('devices.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('devices.device')}</TableCell>
              <TableCell>{t('devices.address')}</TableCell>
              <TableCell>{t('devices.signedIn')}</TableCell>
              <TableCell>{t('devices.lastUsed')}</TableCell>
              <TableCell align="right">{t('devices.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  {item.device} {item.isCurrent ? <Chip size="small" color="primary" label={t('devices.thisDevice')} sx={{ ml: 1 }} /> : null}
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                    {methodLabel(t, item.signInMethod ?? null)}
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
                      aria-label={t('devices.signOutLabel', { device: item.device, when: when(item.lastUsedAt) })}
                    >
                      {t('devices.signOut')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Button variant="outlined" color="error" sx={{ mt: 2 }} disabled={others === 0} onClick={() => setPending({ kind: 'others' })}>
        {t('devices.signOutOthers')}
      </Button>
      <ConfirmDialog
        open={pending?.kind === 'one'}
        title={t('signOutOne.title')}
        confirmLabel={t('devices.signOut')}
        isDestructive
        isBusy={endOne.isPending}
        onClose={close}
        onConfirm={() => pending?.kind === 'one' && endOne.mutate(pending.session.id, { onSettled: close })}
      >
        {pending?.kind === 'one'
          ? t('signOutOne.body', { device: pending.session.device, address: pending.session.ipAddress ?? t('devices.unknownAddress') })
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'others'}
        title={t('signOutOthers.title')}
        confirmLabel={t('signOutOthers.confirm')}
        isDestructive
        isBusy={endOthers.isPending}
        onClose={close}
        onConfirm={() => endOthers.mutate(undefined, { onSettled: close })}
      >
        {t('signOutOthers.body', { count: others })}
      </ConfirmDialog>
    </Box>
  );
};
