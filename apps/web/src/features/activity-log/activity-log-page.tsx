import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { ServerDataGrid, toSortParam } from '../../components/data-grid/server-data-grid.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { reachesAllLocations } from '@wattdesk/shared/roles';
import { Can } from '../../lib/can.tsx';
import { useSession } from '../../lib/session-store.ts';
import { dayEndIso, dayStartIso } from '../../lib/date-range.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useActivityLog, useExportActivityLog, type ActivityFilter } from './api/activity-log-api.ts';
import { activityColumns } from './components/activity-columns.tsx';
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
  const [values, setValues] = useState<ActivityFilterValues>(EMPTY_ACTIVITY_FILTER);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const filter = toQuery(useDebouncedValue(values));
  const activity = useActivityLog({ ...filter, page: paging.page + 1, pageSize: paging.pageSize, sort: toSortParam(sortModel, '-createdAt') });
  const exportCsv = useExportActivityLog();
  const isFiltered = Object.values(filter).some(Boolean);
  const userType = useSession((state) => state.user?.userType);
  // Scoped users see their locations' rows and, of rows without a location, those about themselves.
  const scope = userType && reachesAllLocations(userType) ? 'across the network' : 'at your locations, and on your own account';

  return (
    <>
      <PageHeader
        title="Activity Log"
        subtitle={`Who changed what, and when, ${scope}.`}
        actions={
          <Can permission="Activity_Logs_Export">
            <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
              Export CSV
            </Button>
          </Can>
        }
      />
      <Paper sx={{ p: 2 }}>
        <ActivityFilters
          value={values}
          onChange={(next) => {
            setValues(next);
            setPaging((current) => ({ ...current, page: 0 }));
          }}
        />
        <ServerDataGrid
          label="Activity"
          rows={activity.data?.items ?? []}
          columns={activityColumns}
          total={activity.data?.total ?? 0}
          isLoading={activity.isFetching}
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          noRowsLabel={isFiltered ? 'No activity matches these filters' : 'No activity recorded yet'}
          getRowHeight={() => 'auto'}
        />
      </Paper>
    </>
  );
};

export default ActivityLogPage;
