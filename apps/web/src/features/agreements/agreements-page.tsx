import { AGREEMENT_VIEW_STATUSES, type Agreement, type AgreementViewStatus } from '@wattdesk/shared/schemas/agreements';
import DescriptionIcon from '@mui/icons-material/Description';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { Can } from '../../lib/can.tsx';
import { useAgreements, useDownloadSignedPdf } from './api/agreements-api.ts';
import { useLocationState } from '../../lib/queries/locations.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { AgreementsTable, type SortField } from './components/agreements-table.tsx';
import { ResendDialog } from './components/resend-dialog.tsx';
import { SendAgreementDialog } from './components/send-agreement-dialog.tsx';
import { useT } from '../../i18n/use-t.ts';
import { agreementsText } from './agreements-text.ts';

const PAGE_SIZES = [10, 25, 50];

const slugOf = (agreement: Agreement) => agreement.propertyName.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** /dashboard/profile/agreements: a location's agreements, their status, sending, resending and the signed copies. */
export const AgreementsPage = () => {
  const t = useT(agreementsText);
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const [status, setStatus] = useState<AgreementViewStatus | 'all'>('all');
  const [isSending, setIsSending] = useState(false);
  const [resending, setResending] = useState<Agreement | null>(null);
  const table = useServerTable({ sort: '-createdAt', pageSize: PAGE_SIZES[0], resetOn: status });
  const { sort } = table.params;
  const location = useLocationState(locationId);
  const list = useAgreements(locationId ? { locationId, ...table.params, ...(status === 'all' ? {} : { status }) } : undefined);
  const download = useDownloadSignedPdf();
  const handleSort = (field: SortField) => table.sortBy(sort === `-${field}` ? field : `-${field}`);

  let body;
  if (!locationId) body = <ChooseLocation purpose={t('page.choosePurpose')} />;
  else if (list.isPending) body = <PageLoader label={t('page.loading')} />;
  else if (list.isError) body = <Alert severity="error">{list.error.message}</Alert>;
  else if (list.data.total === 0) {
    body = (
      <EmptyState icon={<DescriptionIcon />} title={status === 'all' ? t('page.emptyAll') : t('page.emptyFiltered', { status })}>
        {t('page.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <AgreementsTable
          items={list.data.items}
          sort={sort}
          onSort={handleSort}
          onResend={setResending}
          onDownload={(agreement) => download.mutate({ id: agreement.id, filename: t('page.fileName', { property: slugOf(agreement) }) })}
          timeZone={location.data?.timeZone}
        />
        <TablePagination component="div" count={list.data.total} rowsPerPageOptions={PAGE_SIZES} {...table.pagination} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Can permission="Agreements_Send">
              <Button variant="contained" onClick={() => setIsSending(true)} disabled={!locationId}>
                {t('page.send')}
              </Button>
            </Can>
          </Box>
        }
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        onChange={(_event, next: AgreementViewStatus | 'all' | null) => {
          if (next) setStatus(next);
        }}
        aria-label={t('page.statusFilter')}
        sx={{ mb: 2 }}
      >
        {(['all', ...AGREEMENT_VIEW_STATUSES] as const).map((value) => (
          <ToggleButton key={value} value={value} sx={{ textTransform: 'capitalize' }}>
            {t(`status.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Paper>{body}</Paper>
      {isSending && locationId ? (
        <SendAgreementDialog locationId={locationId} locationName={location.data?.name ?? ''} onClose={() => setIsSending(false)} />
      ) : null}
      {resending ? <ResendDialog agreement={resending} onClose={() => setResending(null)} /> : null}
    </>
  );
};
