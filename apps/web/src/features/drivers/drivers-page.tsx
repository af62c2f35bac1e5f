import DownloadIcon from '@mui/icons-material/Download';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { ACCOUNT_STATUSES, MENU_ROLES, type AccountStatus, type MenuRole } from '@wattdesk/shared/constants';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { useMemo, useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { ListFilters, selectFilter } from '../../components/form/list-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
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
import { driversText, type DriversT } from './drivers-text.ts';

type Open = { kind: 'register' | 'import' } | { kind: 'edit' | 'add-sub-user' | 'details' | 'delete' | 'deactivate'; driver: Driver } | null;

const driverTabs = (t: DriversT): readonly DriverTab[] => [
  { key: 'restrictions', label: t('tab.restrictions'), render: (driver) => <RestrictionsForm key={driver.id} driver={driver} /> },
  { key: 'documents', label: t('tab.documents'), render: (driver) => <DriverDocuments driverId={driver.id} /> },
  { key: 'payment', label: t('tab.payment'), render: (driver) => <DriverPaymentPanel driverId={driver.id} /> },
];

const DriverList = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const t = useT(driversText);
  const tabs = useMemo(() => driverTabs(t), [t]);
  const locationName = useLocationState(locationId).data?.name ?? t('page.thisLocation');
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
          search={{ label: t('filter.search'), value: search, onChange: setSearch, minWidth: 280 }}
          selects={[
            // The statuses stay the specification's codes, as the status chips show them.
            selectFilter({
              label: t('filter.status'),
              anyLabel: t('filter.anyStatus'),
              value: status,
              options: ACCOUNT_STATUSES,
              onChange: setStatus,
              minWidth: 150,
            }),
            selectFilter({
              label: t('filter.role'),
              anyLabel: t('filter.anyRole'),
              value: role,
              options: MENU_ROLES,
              optionLabel: (value) => t(`role.${value}`),
              onChange: setRole,
              minWidth: 130,
            }),
          ]}
        />
        <Box sx={{ flex: 1 }} />
        <UnknownTagsSwitch locationId={locationId} />
        <Can permission="Drivers_Create">
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen({ kind: 'import' })}>
            {t('button.import')}
          </Button>
        </Can>
        <Can permission="Drivers_Export">
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ ...filter, sort: table.params.sort })}
          >
            {t('button.export')}
          </Button>
        </Can>
        <Can permission="Drivers_Create">
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'register' })}>
            {t('button.register')}
          </Button>
        </Can>
      </FilterBar>
      {drivers.isError && !drivers.data ? (
        <LoadErrorAlert subject={t('page.loadSubject')} error={drivers.error} onRetry={() => void drivers.refetch()} />
      ) : null}
      <ServerDataGrid
        label={t('grid.label')}
        rows={drivers.data?.items ?? []}
        columns={driverColumns(t, allowed, handleAction)}
        total={drivers.data?.total ?? 0}
        isLoading={drivers.isFetching}
        {...table.grid}
        noRowsLabel={isFiltered ? t('grid.noMatch') : t('grid.empty')}
        getRowHeight={() => 'auto'}
      />
      {open?.kind === 'register' ? <DriverFormDialog locationId={locationId} onClose={close} /> : null}
      {open?.kind === 'edit' ? <DriverFormDialog locationId={locationId} driver={open.driver} onClose={close} /> : null}
      {open?.kind === 'add-sub-user' ? <DriverFormDialog locationId={locationId} mainUser={open.driver} onClose={close} /> : null}
      {open?.kind === 'import' ? <DriverImportDialog locationId={locationId} locationName={locationName} onClose={close} /> : null}
      {open?.kind === 'details' ? <DriverDetailsDialog driverId={open.driver.id} tabs={tabs} onClose={close} /> : null}
      {returnedDriverId && !returnClosed && !open ? (
        <DriverDetailsDialog driverId={returnedDriverId} tabs={tabs} initialTab="payment" onClose={() => setReturnClosed(true)} />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'deactivate'}
        title={t('deactivate.title')}
        confirmLabel={t('deactivate.confirm')}
        isDestructive
        isBusy={setDriverStatus.isPending}
        onClose={close}
        onConfirm={() => open && 'driver' in open && setDriverStatus.mutate({ id: open.driver.id, status: 'INACTIVE' }, { onSettled: close })}
      >
        {open && 'driver' in open ? t('deactivate.text', { name: `${open.driver.firstName} ${open.driver.lastName}` }) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        isDestructive
        isBusy={remove.isPending}
        onClose={close}
        onConfirm={() => open && 'driver' in open && remove.mutate(open.driver, { onSettled: close })}
      >
        {open && 'driver' in open ? t('delete.text', { name: `${open.driver.firstName} ${open.driver.lastName}` }) : ''}
      </ConfirmDialog>
    </Paper>
  );
};

/** Drivers (menu drivers): who may charge at the selected location, with their tags, status and sessions. */
export const DriversPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const t = useT(driversText);
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {locationId ? <DriverList key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('page.choosePurpose')} />}
    </>
  );
};
