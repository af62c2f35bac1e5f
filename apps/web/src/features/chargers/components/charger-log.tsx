import { CHARGER_EVENT_KINDS } from '@wattdesk/shared/schemas/charger-log';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useChargerEvents } from '../api/chargers-api.ts';
import { chargersText, type ChargersKey } from '../chargers-text.ts';

const PAGE_SIZES = [10, 25, 50];

const KINDS = new Set<string>(CHARGER_EVENT_KINDS);

/** The charger's own log, newest first: connections, refusals, boots, faults, sessions and commands. */
export const ChargerLog = ({ chargerId, timeZone }: { chargerId: string; timeZone: string | undefined }) => {
  const t = useT(chargersText);
  const table = useServerTable({ pageSize: PAGE_SIZES[0] });
  // A kind this build does not know (an older or newer server) shows as written.
  const kindOf = (kind: string) => (KINDS.has(kind) ? t(`logKind.${kind}` as ChargersKey) : kind);
  const events = useChargerEvents(chargerId, table.params);

  if (events.isPending) return <LinearProgress aria-label={t('log.loading')} />;
  if (events.isError && !events.data)
    return (
      <Alert severity="error">
        {t('log.loadError')} {events.error.message}
      </Alert>
    );
  if (!events.data.total) return <EmptyState title={t('log.emptyTitle')}>{t('log.emptyText')}</EmptyState>;
  return (
    <Box>
      {events.isFetching ? <LinearProgress aria-label={t('log.refreshing')} sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <Table size="small" aria-label={t('log.label')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>{t('log.time')}</TableCell>
            <TableCell sx={{ width: 120 }}>{t('log.kind')}</TableCell>
            <TableCell>{t('log.what')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.data.items.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{formatDateTime(event.at, timeZone, { seconds: true })}</TableCell>
              <TableCell>{kindOf(event.kind)}</TableCell>
              <TableCell>
                <Typography variant="body2">{event.summary}</Typography>
                {event.detail ? (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                    {JSON.stringify(event.detail)}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={events.data.total} rowsPerPageOptions={PAGE_SIZES} {...table.pagination} />
    </Box>
  );
};
