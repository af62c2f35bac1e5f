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
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const ACTIONS: Record<FirmwareCampaignStatus, FirmwareCampaignAction[]> = {
  running: ['pause', 'abort'],
  paused: ['resume', 'abort'],
  halted: ['retry', 'abort'],
  aborted: [],
  completed: [],
};

/** A campaign's report: each charger's stage and state with its failure named, and the actions its state allows. */
export const CampaignReport = ({ campaignId, canUpdate }: { campaignId: string; canUpdate: boolean }) => {
  const t = useT(firmwareText);
  const report = useCampaign(campaignId);
  const act = useCampaignAction();
  const [asking, setAsking] = useState<FirmwareCampaignAction | null>(null);
  if (report.isPending) return <LinearProgress aria-label={t('report.loading')} />;
  if (report.isError)
    return (
      <Alert severity="error">
        {t('report.error')} {report.error.message}
      </Alert>
    );
  const campaign = report.data;
  const confirm = asking ? { title: t(`action.${asking}.title`), text: t(`action.${asking}.text`), label: t(`action.${asking}.label`) } : undefined;
  return (
    <section aria-label={t('report.label', { version: campaign.version })}>
      <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h3">
          {t('report.heading', { version: campaign.version })} <span data-testid="campaign-status">{t(`report.status.${campaign.status}`)}</span>
        </Typography>
        <Typography color="text.secondary">
          {t('report.progress', {
            stage: campaign.currentStage,
            updated: formatCount(campaign.counts.updated),
            total: formatCount(campaign.counts.total),
            failed: formatCount(campaign.counts.failed),
          })}
        </Typography>
        {canUpdate
          ? ACTIONS[campaign.status].map((action) => (
              <Button key={action} variant="outlined" color={action === 'abort' ? 'error' : 'primary'} onClick={() => setAsking(action)}>
                {t(`action.${action}.label`)}
              </Button>
            ))
          : null}
      </Stack>
      <ScrollingTable size="small" aria-label={t('report.chargersLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('report.column.charger')}</TableCell>
            <TableCell>{t('report.column.model')}</TableCell>
            <TableCell align="right">{t('report.column.stage')}</TableCell>
            <TableCell>{t('report.column.state')}</TableCell>
            <TableCell>{t('report.column.versions')}</TableCell>
            <TableCell>{t('report.column.failure')}</TableCell>
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
              <TableCell>{t(`state.${charger.state}`)}</TableCell>
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
