import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { grantableTypes } from '@wattdesk/shared/admin-reach';
import { ACCOUNT_STATUSES, type AccountStatus } from '@wattdesk/shared/constants';
import { ADMIN_TYPES, type UserType } from '@wattdesk/shared/roles';
import type { AdminListItem } from '@wattdesk/shared/schemas/admins';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { ListFilters, selectFilter } from '../../components/form/list-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCan } from '../../lib/can.tsx';
import { useSession } from '../../lib/session-store.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useAdmins, useDeactivateAdmin, useEndAdminSessions, useReactivateAdmin, useResendInvitation } from './api/admins-api.ts';
import { adminColumns, type AdminAction } from './components/admin-columns.tsx';
import { EditAdminDialog } from './components/edit-admin-dialog.tsx';
import { InviteAdminDialog } from './components/invite-admin-dialog.tsx';
import { useT } from '../../i18n/use-t.ts';
import { adminsText } from './admins-text.ts';

type Pending = { action: AdminAction; admin: AdminListItem; isOpen: boolean } | null;

/** Manage Admins (menu manage-admins): administrators in reach, invitations, type and status changes. */
export const ManageAdminsPage = () => {
  const can = useCan();
  const t = useT(adminsText);
  const userType = useSession((state) => state.user?.userType);
  const types = useMemo(() => (userType ? grantableTypes(userType) : []), [userType]);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [typeFilter, setTypeFilter] = useState<UserType | ''>('');
  const [isInviting, setIsInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const settledSearch = useDebouncedValue(search.trim());
  // Closing keeps the administrator, so a confirmation still names them while it fades out.
  const close = () => setPending((current) => current && { ...current, isOpen: false });
  const name = pending ? `${pending.admin.firstName} ${pending.admin.lastName} (${pending.admin.email})` : '';

  const filter = { search: settledSearch || undefined, status: status || undefined, userType: typeFilter || undefined };
  const table = useServerTable({ sort: 'name', resetOn: filter });
  const admins = useAdmins({ ...filter, ...table.params });
  const deactivate = useDeactivateAdmin();
  const reactivate = useReactivateAdmin();
  const resend = useResendInvitation();
  const endSessions = useEndAdminSessions();

  const allowed = {
    edit: can('Admins_Update'),
    deactivate: can('Admins_Deactivate'),
    reactivate: can('Admins_Deactivate'),
    resend: can('Admins_Invite'),
    endSessions: can('Admins_Sessions_End'),
  };
  const columns = adminColumns(
    allowed,
    (action, admin) => (action === 'resend' ? resend.mutate(admin.id) : setPending({ action, admin, isOpen: true })),
    t,
  );
  const canInvite = can('Admins_Invite') && types.length > 0;
  const finish = { onSettled: close };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          canInvite ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setIsInviting(true)}>
              {t('button.invite')}
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: 2 }}>
        <FilterBar>
          <ListFilters
            search={{ label: t('filter.search'), value: search, onChange: setSearch, minWidth: 240 }}
            selects={[
              // The statuses stay the specification's codes, as the status chips show them (as on Drivers).
              selectFilter({
                label: t('filter.status'),
                anyLabel: t('filter.anyStatus'),
                value: status,
                options: ACCOUNT_STATUSES,
                onChange: setStatus,
                minWidth: 150,
              }),
              selectFilter({
                label: t('filter.type'),
                anyLabel: t('filter.anyType'),
                value: typeFilter,
                options: ADMIN_TYPES,
                optionLabel: (value) => t(`type.${value}`),
                onChange: setTypeFilter,
                minWidth: 220,
              }),
            ]}
          />
        </FilterBar>
        <ServerDataGrid
          label={t('grid.label')}
          rows={admins.data?.items ?? []}
          columns={columns}
          total={admins.data?.total ?? 0}
          isLoading={admins.isFetching}
          {...table.grid}
          noRowsLabel={settledSearch || status || typeFilter ? t('grid.noMatch') : t('grid.empty')}
          getRowHeight={() => 'auto'}
        />
      </Paper>
      <InviteAdminDialog open={isInviting} types={types} onClose={() => setIsInviting(false)} />
      {pending?.action === 'edit' && pending.isOpen ? <EditAdminDialog admin={pending.admin} types={types} onClose={close} /> : null}
      <ConfirmDialog
        open={pending?.action === 'deactivate' && pending.isOpen}
        title={t('deactivate.title')}
        confirmLabel={t('deactivate.confirm')}
        isDestructive
        isBusy={deactivate.isPending}
        onClose={close}
        onConfirm={() => pending && deactivate.mutate(pending.admin.id, finish)}
      >
        {t('deactivate.body', { name })}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.action === 'endSessions' && pending.isOpen}
        title={t('endSessions.title')}
        confirmLabel={t('endSessions.confirm')}
        isDestructive
        isBusy={endSessions.isPending}
        onClose={close}
        onConfirm={() => pending && endSessions.mutate(pending.admin, finish)}
      >
        {t('endSessions.body', { name })}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.action === 'reactivate' && pending.isOpen}
        title={t('reactivate.title')}
        confirmLabel={t('reactivate.confirm')}
        isBusy={reactivate.isPending}
        onClose={close}
        onConfirm={() => pending && reactivate.mutate(pending.admin.id, finish)}
      >
        {t('reactivate.body', { name })}
      </ConfirmDialog>
    </>
  );
};

export default ManageAdminsPage;
