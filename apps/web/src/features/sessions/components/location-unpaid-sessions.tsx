import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { usePaymentRule, useSetPaymentRule, useUnpaidSessions } from '../api/session-payments-api.ts';
import { SessionPaymentsTable } from '../../../components/session-payments-table.tsx';
import { sessionsText } from '../sessions-text.ts';

/** A location's sessions not paid yet (pending and failed), server-paged, with its rule for drivers without a card. */
export const LocationUnpaidSessions = ({ locationId }: { locationId: string }) => {
  const t = useT(sessionsText);
  const can = useCan();
  const table = useServerTable({ pageSize: 10, resetOn: locationId });
  const unpaid = useUnpaidSessions(locationId, table.params);
  const rule = usePaymentRule(locationId);
  const setRule = useSetPaymentRule();
  const refusing = rule.data?.unpaidSessionRule === 'refuse';
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('unpaid.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={refusing}
              disabled={!rule.data || !can('Locations_Update') || setRule.isPending}
              onChange={(_event, checked) => setRule.mutate({ locationId, unpaidSessionRule: checked ? 'refuse' : 'receivable' })}
            />
          }
          label={t('unpaid.refuse')}
        />
      </Stack>
      <SessionPaymentsTable
        label={t('unpaid.label')}
        rows={unpaid.data?.items ?? []}
        total={unpaid.data?.total ?? 0}
        isLoading={unpaid.isFetching}
        table={table}
        withDriver
        noRowsLabel={t('unpaid.empty')}
      />
    </Paper>
  );
};
