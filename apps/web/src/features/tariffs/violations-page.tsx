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
import { RULES, violationColumns } from './components/violation-columns.tsx';
import { ViolationRulesForm } from './components/violation-rules-form.tsx';
import { WithLocationTariff } from './use-location-tariff.tsx';
import { useT } from '../../i18n/use-t.ts';
import { violationsText } from './violations-text.ts';

type Filters = { status: '' | Violation['status']; rule: '' | Violation['rule']; driver: string; from: string; to: string };
const EMPTY: Filters = { status: '', rule: '', driver: '', from: '', to: '' };

const ViolationList = ({ tariff }: { tariff: TariffOverview }) => {
  const can = useCan();
  const t = useT(violationsText);
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
  const columns = violationColumns(tariff.timeZone, can('Violations_Update') ? (violation, action) => setResolving({ violation, action }) : null, t);

  return (
    <Section
      title={t('list.title')}
      actions={
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ ...filter, sort: table.params.sort })}
        >
          {t('list.export')}
        </Button>
      }
    >
      <Box role="search" aria-label={t('filter.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          fullWidth={false}
          margin="none"
          select
          size="small"
          label={t('filter.status')}
          value={values.status}
          onChange={(e) => change({ status: e.target.value as Filters['status'] })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">{t('filter.allStatuses')}</MenuItem>
          <MenuItem value="open">{t('status.open')}</MenuItem>
          <MenuItem value="waived">{t('status.waived')}</MenuItem>
          <MenuItem value="paid">{t('status.paid')}</MenuItem>
        </TextField>
        <TextField
          fullWidth={false}
          margin="none"
          select
          size="small"
          label={t('filter.rule')}
          value={values.rule}
          onChange={(e) => change({ rule: e.target.value as Filters['rule'] })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('filter.allRules')}</MenuItem>
          {RULES.map((rule) => (
            <MenuItem key={rule} value={rule}>
              {t(`rule.${rule}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label={t('filter.driver')}
          value={values.driver}
          onChange={(e) => change({ driver: e.target.value })}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          type="date"
          label={t('filter.from')}
          value={values.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          type="date"
          label={t('filter.to')}
          value={values.to}
          onChange={(e) => change({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {violations.isError && !violations.data ? (
        <LoadErrorAlert subject={t('loadSubject')} error={violations.error} onRetry={() => void violations.refetch()} />
      ) : null}
      <ServerDataGrid
        label={t('grid.label')}
        rows={violations.data?.items ?? []}
        columns={columns}
        total={violations.data?.total ?? 0}
        isLoading={violations.isFetching}
        {...table.grid}
        noRowsLabel={values === EMPTY ? t('grid.empty') : t('grid.noMatch')}
      />
      {resolving ? <ResolveDialog violation={resolving.violation} action={resolving.action} onClose={() => setResolving(null)} /> : null}
    </Section>
  );
};

/** Violations (menu violations): the location's rules and the sessions that broke them. */
export const ViolationsPage = () => {
  const t = useT(violationsText);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <WithLocationTariff loading={t('loading')} subject={t('loadSubject')} purpose={t('purpose')}>
        {(tariff) => (
          <>
            <ViolationRulesForm key={tariff.current?.id ?? 'none'} tariff={tariff} />
            <ViolationList tariff={tariff} />
          </>
        )}
      </WithLocationTariff>
    </>
  );
};

export default ViolationsPage;
