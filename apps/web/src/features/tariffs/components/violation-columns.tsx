import type { Violation } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { Translate } from '../../../i18n/use-t.ts';
import type { ViolationsKey } from '../violations-text.ts';
import { formatInZone } from '../zone-time.ts';

/** The rules, in the order the filter lists them: their names are `rule.<rule>` of the violations catalogue. */
export const RULES: readonly Violation['rule'][] = ['max-stay', 'idle-limit'];
const STATUS_COLOURS = { open: 'warning', waived: 'default', paid: 'success' } as const;

/** Two lines fit the grid's fixed row: a value too long for its column wraps, centred, instead of ending in "…". */
const Wrapping = ({ children, title }: { children: ReactNode; title?: string }) => (
  <Box title={title} sx={{ display: 'flex', alignItems: 'center', height: '100%', lineHeight: 1.3, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
    <span>{children}</span>
  </Box>
);

/**
 * The violations grid: 1075 px of minimum widths with the actions, within the grid's 1110 at 1440 px with the
 * navigation open (e2e/tests/desktop.spec.ts); a long rule or id tag wraps onto a second line rather than being cut.
 */
export const violationColumns = (
  timeZone: string,
  onResolve: ((violation: Violation, action: 'waived' | 'paid') => void) | null,
  t: Translate<ViolationsKey>,
): GridColDef<Violation>[] => [
  { field: 'detectedAt', headerName: t('column.detected'), width: 205, valueFormatter: (value: string) => formatInZone(value, timeZone) },
  {
    field: 'idTag',
    headerName: t('column.driver'),
    flex: 0.7,
    minWidth: 150,
    sortable: false,
    renderCell: ({ row }) => <Wrapping>{row.idTag}</Wrapping>,
  },
  { field: 'chargerName', headerName: t('column.charger'), width: 100, sortable: false },
  {
    field: 'transactionId',
    headerName: t('column.session'),
    width: 80,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={paths.session(row.sessionId)} aria-label={t('column.sessionLink', { number: String(row.transactionId) })}>
        #{row.transactionId}
      </Link>
    ),
  },
  {
    field: 'rule',
    headerName: t('column.rule'),
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Wrapping title={t('column.ruleTitle', { actual: String(row.actualMinutes), limit: String(row.limitMinutes) })}>
        {t('column.ruleCell', { rule: t(`rule.${row.rule}`), actual: String(row.actualMinutes) })}
      </Wrapping>
    ),
  },
  {
    field: 'amount',
    headerName: t('column.amount'),
    width: 100,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number, row) => formatMinor(value, row.currency),
  },
  {
    field: 'status',
    headerName: t('column.status'),
    width: 100,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip size="small" color={STATUS_COLOURS[row.status]} label={t(`status.${row.status}`)} title={row.reason ?? undefined} />
    ),
  },
  ...(onResolve
    ? [
        {
          field: 'actions',
          headerName: t('column.actions'),
          width: 160,
          sortable: false,
          renderCell: ({ row }: { row: Violation }) =>
            row.status === 'open' ? (
              // Centred in the row like the other cells, not against its top.
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
                <Button
                  size="small"
                  onClick={() => onResolve(row, 'waived')}
                  aria-label={t('action.waiveLabel', { number: String(row.transactionId) })}
                >
                  {t('action.waive')}
                </Button>
                <Button size="small" onClick={() => onResolve(row, 'paid')} aria-label={t('action.paidLabel', { number: String(row.transactionId) })}>
                  {t('action.paid')}
                </Button>
              </Box>
            ) : null,
        } satisfies GridColDef<Violation>,
      ]
    : []),
];
