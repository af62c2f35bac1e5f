import DownloadIcon from '@mui/icons-material/Download';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { MENU_ROLES, type AccountStatus, type MenuRole } from '@wattdesk/shared/constants';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { accountStatusFilter, ListFilters, selectFilter } from '../../components/form/list-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Can, useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLocationState } from '../../lib/queries/locations.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import {
  useDeleteDriver,
  useDrivers,
  useExportDrivers,
  useResendDriverInvitation,
  useSetDriverStatus,
  type DriverFilter,
} from './api/drivers-api.ts';
import { driverColumns, type DriverAction } from './components/driver-columns.tsx';
import { DriverDetailsDialog, type DriverTab } from './components/driver-details-dialog.tsx';
import { DriverPaymentPanel } from './components/driver-payment-panel.tsx';
import { useDriverCardPageReturn } from './use-card-page-return.ts';
import { DriverFormDialog } from './components/driver-form-dialog.tsx';
import { DriverImportDialog } from './components/driver-import-dialog.tsx';
import { RestrictionsForm } from './components/restrictions-form.tsx';
import { DriverDocuments } from './components/driver-documents.tsx';
import { UnknownTagsSwitch } from './components/unknown-tags-switch.tsx';

type Open = { kind: 'register' | 'import' } | { kind: 'edit' | 'add-sub-user' | 'details' | 'delete' | 'deactivate'; driver: Driver } | null;

const DRIVER_TABS: readonly DriverTab[] = [
  { key: 'restrictions', label: 'Restrictions', render: (driver) => <RestrictionsForm key={driver.id} driver={driver} /> },
  { key: 'documents', label: 'Documents', render: (driver) => <DriverDocuments driverId={driver.id} /> },
  { key: 'payment', label: 'Payment', render: (driver) => <DriverPaymentPanel driverId={driver.id} /> },
];

const DriverList = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const locationName = useLocationState(locationId).data?.name ?? 'this location';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [role, setRole] = useState<MenuRole | ''>('');
  const [open, setOpen] = useState<Open>(null);
  // Back from the card page: the driver's details open again on its Payment tab's card.
  const returnedDriverId = useDriverCardPageReturn();
  const [returnClosed, setReturnClosed] = useState(false);
  const settledSearch = useDebouncedValue(search.trim());
  const filter: DriverFilter = {
    locationId,
    search: settledSearch || undefined,
    status: status || undefined,
    role: role || undefined,
  };
  const table = useServerTable({ sort: 'name', resetOn: filter });
  const drivers = useDrivers({ ...filter, ...table.params });
  const exportCsv = useExportDrivers();
  const setDriverStatus = useSetDriverStatus();
  const resend = useResendDriverInvitation();
  const remove = useDeleteDriver();
  const close = () => setOpen(null);

  const allowed: Record<DriverAction, boolean> = {
    open: true,
    edit: can('Drivers_Update'),
    'add-sub-user': can('Drivers_Create'),
    resend: can('Drivers_Create'),
    activate: can('Driver_Status'),
    deactivate: can('Driver_Status'),
    delete: can('Drivers_Delete'),
  };
  const handleAction = (action: DriverAction, driver: Driver) => {
    if (action === 'resend') resend.mutate(driver.id);
    else if (action === 'activate') setDriverStatus.mutate({ id: driver.id, status: 'ACTIVE' });
    else setOpen({ kind: action === 'open' ? 'details' : action, driver });
  };
  const isFiltered = Boolean(filter.search || filter.status || filter.role);

  return (
    <Paper sx={{ p: 2 }}>
      <FilterBar>
        <ListFilters
          search={{ label: 'Search name, email, phone or ID tag', value: search, onChange: setSearch, minWidth: 280 }}
          selects={[
            accountStatusFilter(status, setStatus),
            selectFilter({ label: 'Role', anyLabel: 'Any role', value: role, options: MENU_ROLES, onChange: setRole, minWidth: 130 }),
          ]}
        />
        <Box sx={{ flex: 1 }} />
        <UnknownTagsSwitch locationId={locationId} />
        <Can permission="Drivers_Create">
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen({ kind: 'import' })}>
            Import CSV
          </Button>
        </Can>
        <Can permission="Drivers_Export">
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ ...filter, sort: table.params.sort })}
          >
            Export CSV
          </Button>
        </Can>
        <Can permission="Drivers_Create">
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'register' })}>
            Register driver
          </Button>
        </Can>
      </FilterBar>
      {drivers.isError && !drivers.data ? (
        <LoadErrorAlert subject="The drivers" error={drivers.error} onRetry={() => void drivers.refetch()} />
      ) : null}
      <ServerDataGrid
        label="Drivers"
        rows={drivers.data?.items ?? []}
        columns={driverColumns(allowed, handleAction)}
        total={drivers.data?.total ?? 0}
        isLoading={drivers.isFetching}
        {...table.grid}
        noRowsLabel={isFiltered ? 'No driver matches these filters' : 'No driver at this location yet'}
        getRowHeight={() => 'auto'}
      />
      {open?.kind === 'register' ? <DriverFormDialog locationId={locationId} onClose={close} /> : null}
      {open?.kind === 'edit' ? <DriverFormDialog locationId={locationId} driver={open.driver} onClose={close} /> : null}
      {open?.kind === 'add-sub-user' ? <DriverFormDialog locationId={locationId} mainUser={open.driver} onClose={close} /> : null}
      {open?.kind === 'import' ? <DriverImportDialog locationId={locationId} locationName={locationName} onClose={close} /> : null}
      {open?.kind === 'details' ? <DriverDetailsDialog driverId={open.driver.id} tabs={DRIVER_TABS} onClose={close} /> : null}
      {returnedDriverId && !returnClosed && !open ? (
        <DriverDetailsDialog driverId={returnedDriverId} tabs={DRIVER_TABS} initialTab="payment" onClose={() => setReturnClosed(true)} />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'deactivate'}
        title="Deactivate driver?"
        confirmLabel="Deactivate"
        isDestructive
        isBusy={setDriverStatus.isPending}
        onClose={close}
        onConfirm={() => open && 'driver' in open && setDriverStatus.mutate({ id: open.driver.id, status: 'INACTIVE' }, { onSettled: close })}
      >
        {open && 'driver' in open
          ? `${open.driver.firstName} ${open.driver.lastName}'s ID tags will be refused at every charger until the driver is activated again.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete driver?"
        confirmLabel="Delete"
        isDestructive
        isBusy={remove.isPending}
        onClose={close}
        onConfirm={() => open && 'driver' in open && remove.mutate(open.driver, { onSettled: close })}
      >
        {open && 'driver' in open
          ? `${open.driver.firstName} ${open.driver.lastName} and their ID tags are removed. Past sessions keep the tag they used.`
          : ''}
      </ConfirmDialog>
    </Paper>
  );
};

/** Drivers (menu drivers): who may charge at the selected location, with their tags, status and sessions. */
export const DriversPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  return (
    <>
      <PageHeader title="Drivers" subtitle="Drivers of the location: invitations, ID tags, status and what they charged." />
      {locationId ? <DriverList key={locationId} locationId={locationId} /> : <ChooseLocation purpose="see its drivers" />}
    </>
  );
};
