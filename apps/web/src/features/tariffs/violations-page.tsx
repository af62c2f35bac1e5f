import type { TariffOverview, Violation } from '@wattdesk/shared/schemas/tariffs';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCan } from '../../lib/can.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useExportViolations, useViolations, type ViolationFilter } from './api/violations-api.ts';
import { Section } from './components/form-parts.tsx';
import { ResolveDialog } from './components/resolve-dialog.tsx';
import { RULE_LABELS, violationColumns } from './components/violation-columns.tsx';
import { ViolationRulesForm } from './components/violation-rules-form.tsx';
import { WithLocationTariff } from './use-location-tariff.tsx';

type Filters = { status: '' | Violation['status']; rule: '' | Violation['rule']; driver: string; from: string; to: string };
const EMPTY: Filters = { status: '', rule: '', driver: '', from: '', to: '' };

const ViolationList = ({ tariff }: { tariff: TariffOverview }) => {
  const can = useCan();
  const [values, setValues] = useState<Filters>(EMPTY);
  const [resolving, setResolving] = useState<{ violation: Violation; action: 'waived' | 'paid' } | null>(null);
  const debounced = useDebouncedValue(values);
  const filter: ViolationFilter = {
    locationId: tariff.locationId,
    status: debounced.status || undefined,
    rule: debounced.rule || undefined,
    driver: debounced.driver.trim() || undefined,
    from: debounced.from || undefined,
    to: debounced.to || undefined,
  };
  const table = useServerTable({ sort: '-detectedAt', resetOn: filter });
  const violations = useViolations({ ...filter, ...table.params });
  const exportCsv = useExportViolations();
  const change = (patch: Partial<Filters>) => setValues({ ...values, ...patch });
  const columns = violationColumns(tariff.timeZone, can('Violations_Update') ? (violation, action) => setResolving({ violation, action }) : null);

  return (
    <Section
      title="Violations"
      actions={
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ ...filter, sort: table.params.sort })}
        >
          Export CSV
        </Button>
      }
    >
      <Box role="search" aria-label="Filter violations" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          fullWidth={false}
          margin="none"
          select
          size="small"
          label="Status"
          value={values.status}
          onChange={(e) => change({ status: e.target.value as Filters['status'] })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          <MenuItem value="open">Open</MenuItem>
          <MenuItem value="waived">Waived</MenuItem>
          <MenuItem value="paid">Paid</MenuItem>
        </TextField>
        <TextField
          fullWidth={false}
          margin="none"
          select
          size="small"
          label="Rule"
          value={values.rule}
          onChange={(e) => change({ rule: e.target.value as Filters['rule'] })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All rules</MenuItem>
          {(Object.keys(RULE_LABELS) as Violation['rule'][]).map((rule) => (
            <MenuItem key={rule} value={rule}>
              {RULE_LABELS[rule]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label="Driver id tag"
          value={values.driver}
          onChange={(e) => change({ driver: e.target.value })}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          type="date"
          label="From"
          value={values.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          type="date"
          label="To"
          value={values.to}
          onChange={(e) => change({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {violations.isError && !violations.data ? (
        <LoadErrorAlert subject="The violations" error={violations.error} onRetry={() => void violations.refetch()} />
      ) : null}
      <ServerDataGrid
        label="Violations"
        rows={violations.data?.items ?? []}
        columns={columns}
        total={violations.data?.total ?? 0}
        isLoading={violations.isFetching}
        {...table.grid}
        noRowsLabel={values === EMPTY ? 'No violation here yet' : 'No violation matches these filters'}
      />
      {resolving ? <ResolveDialog violation={resolving.violation} action={resolving.action} onClose={() => setResolving(null)} /> : null}
    </Section>
  );
};

/** Violations (menu violations): the location's rules and the sessions that broke them. */
export const ViolationsPage = () => (
  <>
    <PageHeader title="Violations" subtitle="Overstays and idle cars, found when a session ends; dates are the location's days." />
    <WithLocationTariff subject="Violations" purpose="see its violations">
      {(tariff) => (
        <>
          <ViolationRulesForm key={tariff.current?.id ?? 'none'} tariff={tariff} />
          <ViolationList tariff={tariff} />
        </>
      )}
    </WithLocationTariff>
  </>
);

export default ViolationsPage;
