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

const count = formatCount;

/** Firmware campaigns of the selected location: start one, follow each, open its report. */
export const CampaignsSection = ({ locationId, images, canUpdate }: { locationId: string; images: FirmwareImage[]; canUpdate: boolean }) => {
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
          Campaigns
        </Typography>
        {canUpdate ? (
          <Button variant="contained" onClick={() => setStarting(true)} disabled={!images.length || notIncluded}>
            Start campaign
          </Button>
        ) : null}
      </Stack>
      {canUpdate && notIncluded ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Firmware campaigns are not included in {plan.planName ? `the ${plan.planName} plan` : "this location's plan"}. Change the plan under
          Subscription to use them.
        </Alert>
      ) : null}
      {campaigns.isPending ? <LinearProgress aria-label="Loading campaigns" /> : null}
      {campaigns.isError ? <Alert severity="error">Campaigns could not be loaded. {campaigns.error.message}</Alert> : null}
      {campaigns.data?.length === 0 ? <Typography color="text.secondary">No firmware campaigns at this location yet</Typography> : null}
      {campaigns.data?.length ? (
        <ScrollingTable size="small" aria-label="Firmware campaigns">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Updated</TableCell>
              <TableCell align="right">Failed</TableCell>
              <TableCell>Started</TableCell>
              <TableCell align="right">Report</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.data.map((campaign) => (
              <TableRow key={campaign.id} selected={campaign.id === openId}>
                <TableCell>{campaign.version}</TableCell>
                <TableCell>{campaign.status}</TableCell>
                <TableCell align="right">
                  {count(campaign.counts.updated)} of {count(campaign.counts.total)}
                </TableCell>
                <TableCell align="right">{count(campaign.counts.failed)}</TableCell>
                <TableCell>{formatDateTime(campaign.createdAt)}</TableCell>
                <TableCell align="right">
                  <Button
                    onClick={() => setOpenId(campaign.id === openId ? null : campaign.id)}
                    aria-label={`Report of campaign ${campaign.version}`}
                  >
                    {campaign.id === openId ? 'Hide' : 'Report'}
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
