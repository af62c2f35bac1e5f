import Alert from '@mui/material/Alert';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatCount, formatDateTime } from '@wattdesk/shared/format';
import { ROAMING_PUSH_STATES, type RoamingPush } from '@wattdesk/shared/schemas/roaming';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useRoamingPushes } from '../api/pushes-api.ts';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

type PushState = (typeof ROAMING_PUSH_STATES)[number];
const PAGE_SIZES = [10, 25, 50];

const PushRows = ({ items }: { items: readonly RoamingPush[] }) => {
  const t = useT(roamingText);
  return (
    <ScrollingTable aria-label={t('outbox.label')} size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('outbox.column.module')}</TableCell>
          <TableCell>{t('outbox.column.object')}</TableCell>
          <TableCell>{t('outbox.column.method')}</TableCell>
          <TableCell align="right">{t('outbox.column.attempts')}</TableCell>
          <TableCell>{t('outbox.column.queued')}</TableCell>
          <TableCell>{t('outbox.column.delivery')}</TableCell>
          <TableCell>{t('outbox.column.lastError')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((push) => (
          <TableRow key={push.id}>
            <TableCell>{push.module}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{push.objectKey}</TableCell>
            <TableCell>{push.method}</TableCell>
            <TableCell align="right">{formatCount(push.attempts)}</TableCell>
            <TableCell>{formatDateTime(push.createdAt, null, { seconds: true })}</TableCell>
            <TableCell>
              {push.deliveredAt
                ? t('outbox.delivered', { at: formatDateTime(push.deliveredAt, null, { seconds: true }) })
                : t('outbox.next', { at: formatDateTime(push.nextAttemptAt, null, { seconds: true }) })}
            </TableCell>
            <TableCell sx={{ color: 'error.main', overflowWrap: 'anywhere', maxWidth: 280 }}>{push.lastError ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};

/** What we send a partner (the outbox), newest first as the server orders it; filtered and paged by the server. */
export const PushesSection = ({ partnerId }: { partnerId: string }) => {
  const t = useT(roamingText);
  const [state, setState] = useState<PushState | 'all'>('all');
  const table = useServerTable({ pageSize: 10, resetOn: state });
  const pushes = useRoamingPushes(partnerId, { ...(state === 'all' ? {} : { state }), ...table.params });

  let body;
  if (pushes.isPending) body = <PageLoader label={t('outbox.loading')} />;
  else if (pushes.isError) body = <Alert severity="error">{pushes.error.message}</Alert>;
  else if (pushes.data.total === 0) body = <EmptyState title={state === 'all' ? t('outbox.emptyAll') : t('outbox.emptyFiltered', { state })} />;
  else {
    body = (
      <>
        <PushRows items={pushes.data.items} />
        <TablePagination component="div" count={pushes.data.total} rowsPerPageOptions={PAGE_SIZES} {...table.pagination} />
      </>
    );
  }

  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('outbox.title')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state}
        onChange={(_event, next: PushState | 'all' | null) => {
          if (next) setState(next);
        }}
        aria-label={t('outbox.stateFilter')}
        sx={{ mb: 1 }}
      >
        {(['all', ...ROAMING_PUSH_STATES] as const).map((value) => (
          <ToggleButton key={value} value={value} sx={{ textTransform: 'capitalize' }}>
            {t(`outbox.state.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {body}
    </>
  );
};
