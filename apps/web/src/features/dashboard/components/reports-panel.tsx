import { RANGE_REPORT_KINDS, type RangeReportKind, type ReportFormat } from '@wattdesk/shared/report-kinds';
import { formatNumber } from '@wattdesk/shared/format';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCan } from '../../../lib/can.tsx';
import type { DashboardRangeParams } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDownloadReport, type ReportRequest } from '../api/dashboard-api.ts';
import { dashboardText } from '../dashboard-text.ts';

type Kind = RangeReportKind | 'locations';

/**
 * The Reports section of the dashboard (decision 038): a report of the range and Day filter shown above, as
 * CSV or XLSX, and the one-click quick report of the selected location. Progress shows while a file streams.
 */
export const ReportsPanel = ({ range, locationId }: { range: DashboardRangeParams; locationId: string | undefined }) => {
  const can = useCan();
  const t = useT(dashboardText);
  const kinds: Kind[] = [...(can('Reports_Export') ? RANGE_REPORT_KINDS : []), ...(can('Locations_Export') ? (['locations'] as const) : [])];
  const [kind, setKind] = useState<Kind | ''>('');
  const [format, setFormat] = useState<ReportFormat>('csv');
  const download = useDownloadReport();
  const chosen = kind || kinds[0];
  if (!kinds.length && !can('Quick_Report')) return null;
  const request = (): ReportRequest | undefined =>
    chosen === undefined ? undefined : chosen === 'locations' ? { kind: 'locations', format, locationId } : { kind: chosen, format, range };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reports-heading">
      <Typography id="reports-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('reports.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {kinds.length ? (
          <>
            <TextField
              select
              size="small"
              label={t('reports.report')}
              value={chosen}
              onChange={(e) => setKind(e.target.value as Kind)}
              sx={{ minWidth: 260 }}
            >
              {kinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`reports.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('reports.format')}
              value={format}
              onChange={(e) => setFormat(e.target.value as ReportFormat)}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="csv">CSV</MenuItem>
              <MenuItem value="xlsx">{t('reports.xlsx')}</MenuItem>
            </TextField>
            <Button variant="contained" disabled={download.isPending} onClick={() => request() && download.mutate(request()!)}>
              {t('reports.download')}
            </Button>
          </>
        ) : null}
        {can('Quick_Report') ? (
          <Button
            variant="outlined"
            disabled={download.isPending || !locationId}
            title={locationId ? undefined : t('reports.chooseLocation')}
            onClick={() => locationId && download.mutate({ kind: 'quick', format, locationId })}
          >
            {t('reports.quick')}
          </Button>
        ) : null}
      </Stack>
      {download.isPending ? (
        <Stack sx={{ mt: 2 }} spacing={0.5} role="status">
          <LinearProgress aria-label={t('reports.progress')} />
          <Typography variant="caption">{t('reports.receiving', { size: formatNumber(Math.round(download.received / 1024)) })}</Typography>
        </Stack>
      ) : null}
    </Paper>
  );
};
