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
import type { FirmwareImage } from '@wattdesk/shared/schemas/firmware';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-time.ts';
import { usePlanIncludes } from '../../../lib/queries/plan-includes.ts';
import { useCampaigns } from '../api/campaigns-api.ts';
import { CampaignReport } from './campaign-report.tsx';
import { StartCampaignDialog } from './start-campaign-dialog.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const count = formatCount;

/** Firmware campaigns of the selected location: start one, follow each, open its report. */
export const CampaignsSection = ({ locationId, images, canUpdate }: { locationId: string; images: FirmwareImage[]; canUpdate: boolean }) => {
  const t = useT(firmwareText);
  const campaigns = useCampaigns(locationId);
  const [starting, setStarting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  // The server refuses a campaign the location's plan does not include (decision 080); the button says so first.
  const plan = usePlanIncludes(locationId).data;
  const notIncluded = plan && !plan.includes.features.includes('firmware_campaigns');
  return (
    <section aria-labelledby="campaigns-title">
      <Stack direction="row" sx={{ mt: 4, mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="campaigns-title" variant="h6" component="h2">
          {t('campaigns.title')}
        </Typography>
        {canUpdate ? (
          <Button variant="contained" onClick={() => setStarting(true)} disabled={!images.length || notIncluded}>
            {t('campaigns.start')}
          </Button>
        ) : null}
      </Stack>
      {canUpdate && notIncluded ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {plan.planName ? t('campaigns.notIncludedPlan', { plan: plan.planName }) : t('campaigns.notIncludedLocation')}
        </Alert>
      ) : null}
      {campaigns.isPending ? <LinearProgress aria-label={t('campaigns.loading')} /> : null}
      {campaigns.isError ? (
        <Alert severity="error">
          {t('campaigns.error')} {campaigns.error.message}
        </Alert>
      ) : null}
      {campaigns.data?.length === 0 ? <Typography color="text.secondary">{t('campaigns.empty')}</Typography> : null}
      {campaigns.data?.length ? (
        <ScrollingTable size="small" aria-label={t('campaigns.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.column.version')}</TableCell>
              <TableCell>{t('campaigns.column.status')}</TableCell>
              <TableCell align="right">{t('campaigns.column.updated')}</TableCell>
              <TableCell align="right">{t('campaigns.column.failed')}</TableCell>
              <TableCell>{t('campaigns.column.started')}</TableCell>
              <TableCell align="right">{t('campaigns.column.report')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.data.map((campaign) => (
              <TableRow key={campaign.id} selected={campaign.id === openId}>
                <TableCell>{campaign.version}</TableCell>
                <TableCell>{t(`status.${campaign.status}`)}</TableCell>
                <TableCell align="right">
                  {t('campaigns.updatedOf', { updated: count(campaign.counts.updated), total: count(campaign.counts.total) })}
                </TableCell>
                <TableCell align="right">{count(campaign.counts.failed)}</TableCell>
                <TableCell>{formatDateTime(campaign.createdAt)}</TableCell>
                <TableCell align="right">
                  <Button
                    onClick={() => setOpenId(campaign.id === openId ? null : campaign.id)}
                    aria-label={t('campaigns.reportOf', { version: campaign.version })}
                  >
                    {campaign.id === openId ? t('campaigns.hide') : t('campaigns.report')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollingTable>
      ) : null}
      {openId ? <CampaignReport key={openId} campaignId={openId} canUpdate={canUpdate} /> : null}
      {starting ? <StartCampaignDialog locationId={locationId} images={images} onClose={() => setStarting(false)} /> : null}
    </section>
  );
};
