import { PAYOUT_REDIRECT_PATH } from '@wattdesk/shared/menus';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { useCan } from '../../lib/can.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useSession, useStopSession } from './api/sessions-api.ts';
import { MeterChart } from './components/meter-chart.tsx';
import { chartPoints, deliveredEnergy } from './components/meter-series.ts';
import { MeterTable } from './components/meter-table.tsx';
import { SessionSummary } from './components/session-summary.tsx';
import { PriceBreakdown } from './components/price-breakdown.tsx';
import { SessionPaymentStatus } from './components/session-payment-status.tsx';
import { sessionsText } from './sessions-text.ts';

/** /dashboard/sessions/:id: one session, its meter values as a chart (and a table), live while it runs. */
export const SessionDetailPage = () => {
  const { id = '' } = useParams();
  const t = useT(sessionsText);
  const can = useCan();
  const session = useSession(id);
  const isActive = session.data?.status === 'active';
  const liveStatus = useLiveChargerFeed(session.data?.locationId ?? null, { enabled: isActive });
  const timeZone = useLocationTimeZone(session.data?.locationId);
  const stop = useStopSession(id);
  const [isConfirming, setIsConfirming] = useState(false);
  const selectLocation = useSelectedLocation((state) => state.select);
  const back = (
    <Button
      component={Link}
      to={session.data ? `${paths.sessions}?chargerId=${session.data.chargerId}` : paths.sessions}
      startIcon={<ArrowBackIcon />}
    >
      {t('detail.back')}
    </Button>
  );

  if (session.isPending) return <PageLoader label={t('detail.loading')} />;
  if (session.isError && !session.data) {
    return (
      <>
        <PageHeader title={t('detail.errorTitle')} actions={back} />
        <Alert severity="error">{session.error.message}</Alert>
      </>
    );
  }
  const data = session.data;
  const points = chartPoints(data, data.samples);
  return (
    <>
      <PageHeader
        title={t('detail.title', { number: String(data.transactionId) })}
        subtitle={t('detail.subtitle', { charger: data.chargerName, code: data.chargerCode, connector: String(data.connectorId) })}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {isActive ? <LiveIndicator status={liveStatus} /> : null}
            {isActive && can('Chargers_Remote_Actions') ? (
              <Button color="error" variant="outlined" startIcon={<StopIcon />} onClick={() => setIsConfirming(true)}>
                {t('detail.stop')}
              </Button>
            ) : null}
            {back}
          </Box>
        }
      />
      <Paper sx={{ p: 2, mb: 3 }}>
        <SessionSummary session={data} timeZone={timeZone} />
      </Paper>
      <Paper component="section" aria-labelledby="price-title" sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="price-title" variant="h6" component="h2" gutterBottom>
            {t('detail.price')}
          </Typography>
          {/* Refunds are made (and confirmed) on Payouts History, for the session's own location (decision 082). */}
          {data.price && can('Payouts_Transfer') ? (
            <Button
              component={Link}
              to={`${PAYOUT_REDIRECT_PATH}?refundSession=${data.id}`}
              onClick={() => selectLocation(data.locationId)}
              color="error"
              variant="outlined"
              size="small"
            >
              {t('detail.refund')}
            </Button>
          ) : null}
        </Box>
        <Box sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('detail.cardPayment')}
          </Typography>
          <SessionPaymentStatus sessionId={data.id} />
        </Box>
        {data.price ? <PriceBreakdown price={data.price} /> : <Typography color="text.secondary">{t('detail.noPrice')}</Typography>}
      </Paper>
      <Paper component="section" aria-labelledby="meter-values-title" sx={{ p: 2 }}>
        <Typography id="meter-values-title" variant="h6" component="h2" gutterBottom>
          {t('detail.meterValues')}
        </Typography>
        {points.length ? (
          <>
            <MeterChart points={points} title={t('detail.chartTitle', { number: String(data.transactionId) })} timeZone={timeZone} />
            <MeterTable samples={data.samples} energies={deliveredEnergy(data, data.samples)} timeZone={timeZone} />
          </>
        ) : (
          <EmptyState icon={<ShowChartIcon />} title={t('detail.noMeterValues')}>
            {t(isActive ? 'detail.noMeterValuesActive' : 'detail.noMeterValuesDone')}
          </EmptyState>
        )}
      </Paper>
      <ConfirmDialog
        open={isConfirming}
        title={t('stop.title')}
        confirmLabel={t('stop.confirm')}
        isDestructive
        isBusy={stop.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() => stop.mutate({ chargerId: data.chargerId, transactionId: data.transactionId }, { onSettled: () => setIsConfirming(false) })}
      >
        {t('stop.text', { idTag: data.idTag, charger: data.chargerName })}
      </ConfirmDialog>
    </>
  );
};
