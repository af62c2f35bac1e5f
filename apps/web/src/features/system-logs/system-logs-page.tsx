import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  SYSTEM_EVENT_LEVELS,
  SYSTEM_EVENT_SOURCES,
  type SystemEventLevel,
  type SystemEventSource,
  type SystemLogItem,
} from '@wattdesk/shared/schemas/system-logs';
import { useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { DateRangeFields, type DayRange } from '../../components/form/date-range-fields.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Can } from '../../lib/can.tsx';
import { dayEndIso, dayStartIso } from '../../lib/date-range.ts';
import { formatDateTime } from '../../lib/format-time.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useExportSystemLog, useSystemLog, type SystemLogFilter } from './api/system-logs-api.ts';

const SOURCE_LABELS: Record<SystemEventSource, string> = { background: 'Background job', mail: 'Mail', provider: 'Provider' };

const columns: GridColDef<SystemLogItem>[] = [
  // System events belong to no location: the viewer's zone, labelled.
  { field: 'createdAt', headerName: 'Time', width: 200, valueFormatter: (value: string) => formatDateTime(value, undefined, { seconds: true }) },
  {
    field: 'level',
    headerName: 'Level',
    width: 110,
    renderCell: ({ row }) => <Chip size="small" label={row.level} color={row.level === 'error' ? 'error' : 'warning'} />,
  },
  { field: 'source', headerName: 'Source', width: 150, valueFormatter: (value: SystemEventSource) => SOURCE_LABELS[value] },
  { field: 'event', headerName: 'Event', flex: 1, minWidth: 180 },
  {
    field: 'message',
    headerName: 'Message',
    flex: 2,
    minWidth: 260,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {row.message}
        </Typography>
        {row.details ? (
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {JSON.stringify(row.details)}
          </Typography>
        ) : null}
      </Box>
    ),
  },
];

type Values = DayRange & { level: SystemEventLevel | ''; source: SystemEventSource | ''; search: string };

/** System Logs (menu system-logs): failed background jobs, undeliverable mail and provider errors, for staff. */
export const SystemLogsPage = () => {
  const [values, setValues] = useState<Values>({ from: '', to: '', level: '', source: '', search: '' });
  const settled = useDebouncedValue(values);
  const filter: SystemLogFilter = {
    from: dayStartIso(settled.from),
    to: dayEndIso(settled.to),
    level: settled.level || undefined,
    source: settled.source || undefined,
    search: settled.search.trim() || undefined,
  };
  const table = useServerTable({ resetOn: filter });
  const events = useSystemLog({ ...filter, ...table.params });
  const exportCsv = useExportSystemLog();
  const change = (next: Partial<Values>) => setValues((current) => ({ ...current, ...next }));

  return (
    <>
      <PageHeader
        title="System Logs"
        subtitle="Server-side problems nobody saw on screen: failed background jobs, mail that could not be sent, provider errors."
        actions={
          <Can permission="System_Logs_Export">
            <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
              Export CSV
            </Button>
          </Can>
        }
      />
      <Paper sx={{ p: 2 }}>
        <FilterBar>
          <DateRangeFields value={values} onChange={change} />
          <TextField
            select
            size="small"
            label="Level"
            value={values.level}
            onChange={(event) => change({ level: event.target.value as Values['level'] })}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">Any level</MenuItem>
            {SYSTEM_EVENT_LEVELS.map((level) => (
              <MenuItem key={level} value={level}>
                {level}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Source"
            value={values.source}
            onChange={(event) => change({ source: event.target.value as Values['source'] })}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">Any source</MenuItem>
            {SYSTEM_EVENT_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {SOURCE_LABELS[source]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Search event or message"
            value={values.search}
            onChange={(event) => change({ search: event.target.value })}
          />
        </FilterBar>
        <ServerDataGrid
          label="System events"
          rows={events.data?.items ?? []}
          columns={columns}
          total={events.data?.total ?? 0}
          isLoading={events.isFetching}
          {...table.grid}
          noRowsLabel="No system events: nothing has gone wrong in the background"
          getRowHeight={() => 'auto'}
        />
      </Paper>
    </>
  );
};

export default SystemLogsPage;
