import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { reachesAllLocations } from '@wattdesk/shared/roles';
import { Can } from '../../lib/can.tsx';
import { useSession } from '../../lib/session-store.ts';
import { dayEndIso, dayStartIso } from '../../lib/date-range.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useActivityLog, useExportActivityLog, type ActivityFilter } from './api/activity-log-api.ts';
import { activityColumns } from './components/activity-columns.tsx';
import { useT } from '../../i18n/use-t.ts';
import { activityLogText } from './activity-log-text.ts';
import { ActivityFilters, EMPTY_ACTIVITY_FILTER, type ActivityFilterValues } from './components/activity-filters.tsx';

const toQuery = (values: ActivityFilterValues): ActivityFilter => ({
  from: dayStartIso(values.from),
  to: dayEndIso(values.to),
  actor: values.actor.trim() || undefined,
  action: values.action.trim() || undefined,
  entity: values.entity || undefined,
  locationId: values.location?.id,
});

/** Activity Log (menu activity-log): who changed what, filtered on the server, exported as CSV. */
export const ActivityLogPage = () => {
  const t = useT(activityLogText);
  const columns = useMemo(() => activityColumns(t), [t]);
  const [values, setValues] = useState<ActivityFilterValues>(EMPTY_ACTIVITY_FILTER);
  const filter = toQuery(useDebouncedValue(values));
  const table = useServerTable({ sort: '-createdAt', resetOn: filter });
  const activity = useActivityLog({ ...filter, ...table.params });
  const exportCsv = useExportActivityLog();
  const isFiltered = Object.values(filter).some(Boolean);
  const userType = useSession((state) => state.user?.userType);
  // Scoped users see their locations' rows and, of rows without a location, those about themselves.
  const subtitle = userType && reachesAllLocations(userType) ? t('page.subtitleNetwork') : t('page.subtitleScoped');

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={subtitle}
        actions={
          <Can permission="Activity_Logs_Export">
            <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
              {t('button.export')}
            </Button>
          </Can>
        }
      />
      <Paper sx={{ p: 2 }}>
        <ActivityFilters value={values} onChange={setValues} />
        <ServerDataGrid
          label={t('grid.label')}
          rows={activity.data?.items ?? []}
          columns={columns}
          total={activity.data?.total ?? 0}
          isLoading={activity.isFetching}
          {...table.grid}
          noRowsLabel={isFiltered ? t('grid.noMatch') : t('grid.empty')}
          getRowHeight={() => 'auto'}
        />
      </Paper>
    </>
  );
};

export default ActivityLogPage;
