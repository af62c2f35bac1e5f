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
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { DateRangeFields, type DayRange } from '../../components/form/date-range-fields.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Can } from '../../lib/can.tsx';
import { dayEndIso, dayStartIso } from '../../lib/date-range.ts';
import { formatDateTime } from '../../lib/format-time.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useT } from '../../i18n/use-t.ts';
import { useExportSystemLog, useSystemLog, type SystemLogFilter } from './api/system-logs-api.ts';
import { systemLogsText, type SystemLogsT } from './system-logs-text.ts';

const systemLogColumns = (t: SystemLogsT): GridColDef<SystemLogItem>[] => [
  // System events belong to no location: the viewer's zone, labelled.
  {
    field: 'createdAt',
    headerName: t('column.time'),
    width: 200,
    valueFormatter: (value: string) => formatDateTime(value, undefined, { seconds: true }),
  },
  {
    field: 'level',
    headerName: t('column.level'),
    width: 110,
    renderCell: ({ row }) => <Chip size="small" label={t(`level.${row.level}`)} color={row.level === 'error' ? 'error' : 'warning'} />,
  },
  { field: 'source', headerName: t('column.source'), width: 150, valueFormatter: (value: SystemEventSource) => t(`source.${value}`) },
  { field: 'event', headerName: t('column.event'), flex: 1, minWidth: 180 },
  {
    field: 'message',
    headerName: t('column.message'),
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
  const t = useT(systemLogsText);
  const columns = useMemo(() => systemLogColumns(t), [t]);
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
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Can permission="System_Logs_Export">
            <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
              {t('button.export')}
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
            label={t('filter.level')}
            value={values.level}
            onChange={(event) => change({ level: event.target.value as Values['level'] })}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="">{t('filter.anyLevel')}</MenuItem>
            {SYSTEM_EVENT_LEVELS.map((level) => (
              <MenuItem key={level} value={level}>
                {t(`level.${level}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filter.source')}
            value={values.source}
            onChange={(event) => change({ source: event.target.value as Values['source'] })}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('filter.anySource')}</MenuItem>
            {SYSTEM_EVENT_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {t(`source.${source}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('filter.search')} value={values.search} onChange={(event) => change({ search: event.target.value })} />
        </FilterBar>
        <ServerDataGrid
          label={t('grid.label')}
          rows={events.data?.items ?? []}
          columns={columns}
          total={events.data?.total ?? 0}
          isLoading={events.isFetching}
          {...table.grid}
          noRowsLabel={t('grid.empty')}
          getRowHeight={() => 'auto'}
        />
      </Paper>
    </>
  );
};

export default SystemLogsPage;
