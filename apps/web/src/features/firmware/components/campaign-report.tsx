import { formatCount } from '@wattdesk/shared/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FirmwareCampaignAction, FirmwareCampaignStatus } from '@wattdesk/shared/schemas/firmware-campaigns';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCampaign, useCampaignAction } from '../api/campaigns-api.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

const ACTIONS: Record<FirmwareCampaignStatus, FirmwareCampaignAction[]> = {
  running: ['pause', 'abort'],
  paused: ['resume', 'abort'],
  halted: ['retry', 'abort'],
  aborted: [],
  completed: [],
};

const CONFIRM: Record<FirmwareCampaignAction, { title: string; text: string; label: string }> = {
  pause: { title: 'Pause this campaign?', text: 'No further charger is sent the update; chargers already updating finish.', label: 'Pause' },
  resume: { title: 'Resume this campaign?', text: 'Chargers not yet updated are sent the update again.', label: 'Resume' },
  abort: { title: 'Abort this campaign?', text: 'Chargers not yet sent the update keep their firmware. This cannot be undone.', label: 'Abort' },
  retry: {
    title: 'Retry the failed chargers?',
    text: 'The chargers that failed are sent the update again; they restart when it installs.',
    label: 'Retry',
  },
};

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A campaign's report: each charger's stage and state with its failure named, and the actions its state allows. */
export const CampaignReport = ({ campaignId, canUpdate }: { campaignId: string; canUpdate: boolean }) => {
  const report = useCampaign(campaignId);
  const act = useCampaignAction();
  const [asking, setAsking] = useState<FirmwareCampaignAction | null>(null);
  if (report.isPending) return <LinearProgress aria-label="Loading the campaign report" />;
  if (report.isError) return <Alert severity="error">The campaign report could not be loaded. {report.error.message}</Alert>;
  const campaign = report.data;
  const confirm = asking ? CONFIRM[asking] : undefined;
  return (
    <section aria-label={`Campaign ${campaign.version} report`}>
      <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h3">
          Firmware {campaign.version}: <span data-testid="campaign-status">{label(campaign.status)}</span>
        </Typography>
        <Typography color="text.secondary">
          Stage {campaign.currentStage} of 2 · {formatCount(campaign.counts.updated)} of {formatCount(campaign.counts.total)} updated ·{' '}
          {formatCount(campaign.counts.failed)} failed
        </Typography>
        {canUpdate
          ? ACTIONS[campaign.status].map((action) => (
              <Button key={action} variant="outlined" color={action === 'abort' ? 'error' : 'primary'} onClick={() => setAsking(action)}>
                {CONFIRM[action].label}
              </Button>
            ))
          : null}
      </Stack>
      <ScrollingTable size="small" aria-label="Chargers of the campaign">
        <TableHead>
          <TableRow>
            <TableCell>Charger</TableCell>
            <TableCell>Model</TableCell>
            <TableCell align="right">Stage</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Version before / after</TableCell>
            <TableCell>Failure</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {campaign.chargers.map((charger) => (
            <TableRow key={charger.chargerId}>
              <TableCell>
                {charger.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({charger.chargerCode})
                </Typography>
              </TableCell>
              <TableCell>{charger.model}</TableCell>
              <TableCell align="right">{charger.stage}</TableCell>
              <TableCell>{label(charger.state)}</TableCell>
              <TableCell>
                {charger.previousVersion ?? '–'} / {charger.reportedVersion ?? '–'}
              </TableCell>
              <TableCell>{charger.failure ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        isDestructive={asking === 'abort'}
        isBusy={act.isPending}
        onConfirm={() => asking && act.mutate({ id: campaignId, action: asking }, { onSettled: () => setAsking(null) })}
        onClose={() => setAsking(null)}
      >
        {confirm?.text ?? ''}
      </ConfirmDialog>
    </section>
  );
};
