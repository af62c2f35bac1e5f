import type { Charger } from '@wattdesk/shared/schemas/chargers';
import BugReportIcon from '@mui/icons-material/BugReport';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useRemoteAction, useResetOcppPassword } from '../api/charger-actions-api.ts';
import { chargersText } from '../chargers-text.ts';
import { CommandConfirmDialog } from './command-confirm-dialog.tsx';
import type { ConfirmableCommand } from './command-confirmation.ts';
import { DiagnosticsDialog } from './diagnostics-dialog.tsx';
import { OcppPasswordDialog } from './ocpp-password-dialog.tsx';
import { RemoteStartDialog } from './remote-start-dialog.tsx';
import { SessionsLink } from '../../../components/charger/sessions-link.tsx';

type Open = 'start' | 'reset' | 'diagnostics' | 'password' | null;

/** The charger-wide remote actions, each behind the permission the server checks. */
export const ChargerActions = ({ charger }: { charger: Charger }) => {
  const t = useT(chargersText);
  const can = useCan();
  const remote = useRemoteAction(charger.id);
  const [open, setOpen] = useState<Open>(null);
  const [resetType, setResetType] = useState<'Soft' | 'Hard'>('Soft');
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const [command, setCommand] = useState<ConfirmableCommand | null>(null);
  const password = useResetOcppPassword(charger.id);
  const resetPassword = () =>
    password.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(result.msg[0] ?? t('toast.passwordReset'));
        setOpen(null);
        setNewPassword(result.ocppPassword);
      },
      onError: () => setOpen(null),
    });
  const close = () => setOpen(null);
  const isBusy = remote.isPending;
  const canRemote = can('Chargers_Remote_Actions');
  const connectorIds = charger.connectors.map((connector) => connector.connectorId).filter((id) => id > 0);

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={t('actions.label')}>
      {canRemote ? (
        <>
          <Button variant="contained" size="small" startIcon={<PlayArrowIcon />} disabled={isBusy} onClick={() => setOpen('start')}>
            {t('actions.start')}
          </Button>
          <Button variant="outlined" size="small" startIcon={<RestartAltIcon />} disabled={isBusy} onClick={() => setOpen('reset')}>
            {t('actions.reset')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<PowerOffIcon />}
            disabled={isBusy}
            onClick={() => setCommand({ action: 'availability', body: { connectorId: 0, type: 'Inoperative' } })}
          >
            {t('actions.setInoperative')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<PowerIcon />}
            disabled={isBusy}
            onClick={() => setCommand({ action: 'availability', body: { connectorId: 0, type: 'Operative' } })}
          >
            {t('actions.setOperative')}
          </Button>
        </>
      ) : null}
      {can('Chargers_Diagnostics') ? (
        <Button variant="outlined" size="small" startIcon={<BugReportIcon />} disabled={isBusy} onClick={() => setOpen('diagnostics')}>
          {t('actions.diagnostics')}
        </Button>
      ) : null}
      {can('Chargers_Update') ? (
        <Button variant="outlined" size="small" color="warning" startIcon={<KeyIcon />} onClick={() => setOpen('password')}>
          {t('actions.resetPassword')}
        </Button>
      ) : null}
      <SessionsLink size="small" charger={charger} />

      {open === 'start' ? (
        <RemoteStartDialog
          chargerName={charger.name}
          connectorIds={connectorIds}
          isBusy={isBusy}
          onClose={close}
          onStart={(body) => remote.mutate({ action: 'remote-start', body }, { onSettled: close })}
        />
      ) : null}
      {open === 'diagnostics' ? (
        <DiagnosticsDialog
          chargerName={charger.name}
          isBusy={isBusy}
          onClose={close}
          onRequest={(body) => remote.mutate({ action: 'diagnostics', body }, { onSettled: close })}
        />
      ) : null}
      <CommandConfirmDialog charger={charger} command={command} onClose={() => setCommand(null)} />
      <ConfirmDialog
        open={open === 'reset'}
        title={t('reset.title', { name: charger.name })}
        confirmLabel={t('reset.confirm')}
        isDestructive
        isBusy={isBusy}
        onClose={close}
        onConfirm={() => remote.mutate({ action: 'reset', body: { type: resetType } }, { onSettled: close })}
      >
        {t('reset.text')}
        <RadioGroup
          value={resetType}
          onChange={(event) => setResetType(event.target.value === 'Hard' ? 'Hard' : 'Soft')}
          aria-label={t('reset.kind')}
        >
          <FormControlLabel value="Soft" control={<Radio />} label={t('reset.soft')} />
          <FormControlLabel value="Hard" control={<Radio />} label={t('reset.hard')} />
        </RadioGroup>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'password'}
        title={t('password.title', { name: charger.name })}
        confirmLabel={t('password.confirm')}
        isDestructive
        isBusy={password.isPending}
        onClose={close}
        onConfirm={resetPassword}
      >
        {t('password.text')}
      </ConfirmDialog>
      {newPassword ? (
        <OcppPasswordDialog
          title={t('password.newTitle', { name: charger.name })}
          chargerId={charger.chargerId}
          password={newPassword}
          onClose={() => setNewPassword(null)}
        />
      ) : null}
    </Box>
  );
};
