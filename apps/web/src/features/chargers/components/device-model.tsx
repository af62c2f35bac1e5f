import type { DeviceVariable } from '@wattdesk/shared/schemas/device-model';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useDeviceModel, useSetDeviceVariable } from '../api/device-model-api.ts';
import { chargersText, type ChargersT } from '../chargers-text.ts';

const PAGE_SIZE = 25;

const placeOf = (t: ChargersT, row: DeviceVariable) =>
  [
    row.componentInstance,
    row.evseId !== null ? `EVSE ${row.evseId}` : null,
    row.connectorId !== null ? t('device.connector', { connectorId: row.connectorId }) : null,
  ]
    .filter(Boolean)
    .join(', ');

/** A 2.0.1 charger's components and variables (its counterpart of 1.6 configuration keys), filtered on the server. */
export const DeviceModel = ({ chargerId }: { chargerId: string }) => {
  const t = useT(chargersText);
  const can = useCan();
  const [component, setComponent] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<DeviceVariable | null>(null);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const model = useDeviceModel(chargerId, { page: page + 1, pageSize: PAGE_SIZE, ...(component ? { component } : {}), ...(q ? { q } : {}) });
  const setVariable = useSetDeviceVariable(chargerId);
  const canEdit = can('Chargers_Update');

  const close = () => {
    setEditing(null);
    setConfirming(false);
  };
  const save = () => {
    if (!editing) return;
    setVariable.mutate(
      {
        component: editing.component,
        ...(editing.componentInstance !== null ? { componentInstance: editing.componentInstance } : {}),
        ...(editing.evseId !== null ? { evseId: editing.evseId } : {}),
        variable: editing.variable,
        ...(editing.variableInstance !== null ? { instance: editing.variableInstance } : {}),
        value,
      },
      { onSettled: close },
    );
  };

  if (model.isPending) return <PageLoader label={t('device.loading')} />;
  if (model.isError) return <Alert severity="error">{model.error.message}</Alert>;
  const { items, total, components, report } = model.data;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {report && !report.complete ? <Alert severity="info">{t('device.reporting')}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('device.component')}
          value={component}
          onChange={(event) => {
            setComponent(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('device.allComponents')}</MenuItem>
          {components.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('device.search')}
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(0);
          }}
        />
      </Box>
      {total === 0 ? (
        <Typography color="text.secondary">{report || component || q ? t('device.noMatch') : t('device.notReported')}</Typography>
      ) : (
        <>
          <Table size="small" aria-label={t('device.label')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('device.component')}</TableCell>
                <TableCell>{t('device.variable')}</TableCell>
                <TableCell>{t('device.value')}</TableCell>
                <TableCell>{t('device.access')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((row) => (
                <TableRow key={`${row.component}|${placeOf(t, row)}|${row.variable}|${row.variableInstance ?? ''}|${row.attributeType}`}>
                  <TableCell>
                    {row.component}
                    {placeOf(t, row) ? ` (${placeOf(t, row)})` : ''}
                  </TableCell>
                  <TableCell>
                    {row.variable}
                    {row.variableInstance ? ` [${row.variableInstance}]` : ''}
                    {row.attributeType !== 'Actual' ? ` · ${row.attributeType}` : ''}
                  </TableCell>
                  <TableCell>
                    {row.value ?? '—'}
                    {row.unit ? ` ${row.unit}` : ''}
                  </TableCell>
                  <TableCell>{row.mutability}</TableCell>
                  <TableCell align="right">
                    {canEdit && row.mutability !== 'ReadOnly' && row.attributeType === 'Actual' ? (
                      <Button
                        size="small"
                        aria-label={t('device.editLabel', { component: row.component, variable: row.variable })}
                        onClick={() => {
                          setEditing(row);
                          setValue(row.value ?? '');
                        }}
                      >
                        {t('device.edit')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        </>
      )}
      {editing && !confirming ? (
        <ConfirmDialog
          open
          title={t('device.setTitle', { name: `${editing.component}.${editing.variable}` })}
          confirmLabel={t('device.continue')}
          onConfirm={() => setConfirming(true)}
          onClose={close}
        >
          <TextField
            autoFocus
            fullWidth
            label={t('device.newValue')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            sx={{ mt: 1 }}
          />
        </ConfirmDialog>
      ) : null}
      {editing && confirming ? (
        <ConfirmDialog
          open
          title={t('device.confirmTitle')}
          confirmLabel={t('device.confirm')}
          isBusy={setVariable.isPending}
          onConfirm={save}
          onClose={close}
        >
          {t('device.confirmText', { name: `${editing.component}.${editing.variable}`, from: editing.value ?? '', to: value })}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
};
