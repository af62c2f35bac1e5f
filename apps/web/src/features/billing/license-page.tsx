import { LICENSE_TERM_MONTHS } from '@wattdesk/shared/constants';
import type { License, LicenseOverview } from '@wattdesk/shared/schemas/billing';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { formatDate } from '../../lib/format-time.ts';
import { notifySuccess } from '../../lib/notify.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { billingText } from './billing-text.ts';
import { useAddLicense, useAssignLicense, useLicenses, useRenewLicense, useSetAutoRenew } from './api/billing-api.ts';
import { AddLicenseDialog } from './components/add-license-dialog.tsx';
import { LicensedChargers } from './components/licensed-chargers.tsx';
import { LicenseTable } from './components/license-table.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

const renewedUntil = (license: License) => {
  const from = new Date(Math.max(Date.parse(license.expiresAt), Date.now()));
  from.setUTCMonth(from.getUTCMonth() + LICENSE_TERM_MONTHS);
  return from.toISOString();
};

const LicenseBody = ({ locationId, overview }: { locationId: string; overview: LicenseOverview }) => {
  const t = useT(billingText);
  const can = useCan();
  const canUpdate = can('License_Update');
  const timeZone = useLocationTimeZone(locationId);
  const add = useAddLicense();
  const renew = useRenewLicense();
  const autoRenew = useSetAutoRenew();
  const assign = useAssignLicense();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [isAdding, setIsAdding] = useState(false);
  const [renewing, setRenewing] = useState<License | null>(null);
  const unlicensed = overview.chargers.filter((charger) => !charger.licensed).length;

  return (
    <>
      {unlicensed > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('license.unlicensed', { count: unlicensed })}
        </Alert>
      ) : null}
      <Paper sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1, display: 'flex', alignItems: 'center' }}>
          <span style={{ flex: 1 }}>{t('license.licenses')}</span>
          {canUpdate ? (
            <Button variant="contained" onClick={() => setIsAdding(true)}>
              {t('license.add')}
            </Button>
          ) : null}
        </Typography>
        {overview.licenses.length ? (
          <LicenseTable
            licenses={overview.licenses}
            timeZone={timeZone}
            canUpdate={canUpdate}
            onRenew={setRenewing}
            onAutoRenew={(license, value) =>
              autoRenew.mutate(
                { licenseId: license.id, locationId, autoRenew: value },
                { onSuccess: () => notifySuccess(value ? t('license.autoRenewOn') : t('license.autoRenewOff')) },
              )
            }
          />
        ) : (
          <EmptyState title={t('license.emptyTitle')}>{t('license.emptyText')}</EmptyState>
        )}
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('license.chargers')}
        </Typography>
        {overview.chargers.length ? (
          <LicensedChargers
            chargers={overview.chargers}
            licenses={overview.licenses}
            canUpdate={canUpdate}
            busyChargerId={assign.isPending ? (assign.variables?.chargerId ?? null) : null}
            onAssign={(charger, licenseId) =>
              assign.mutate({ chargerId: charger.id, locationId, licenseId }, { onSuccess: ({ msg }) => notifySuccess(msg[0] ?? '') })
            }
          />
        ) : (
          <EmptyState title={t('license.noChargers')} />
        )}
      </Paper>
      {isAdding ? (
        <AddLicenseDialog
          open
          suggested={Math.max(1, unlicensed)}
          isBusy={add.isPending}
          onClose={() => setIsAdding(false)}
          onAdd={(seats) =>
            add.mutate(
              { locationId, seats, idempotencyKey },
              {
                onSuccess: () => {
                  renewKey();
                  setIsAdding(false);
                  notifySuccess(t('license.added'));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={renewing !== null}
        title={t('license.renewTitle')}
        confirmLabel={t('license.renew')}
        isBusy={renew.isPending}
        onClose={() => setRenewing(null)}
        onConfirm={() =>
          renewing &&
          renew.mutate(
            { licenseId: renewing.id, locationId, idempotencyKey },
            {
              onSuccess: () => {
                renewKey();
                setRenewing(null);
                notifySuccess(t('license.renewed'));
              },
            },
          )
        }
      >
        {renewing ? t('license.renewText', { months: LICENSE_TERM_MONTHS, date: formatDate(renewedUntil(renewing), timeZone) }) : ''}
      </ConfirmDialog>
    </>
  );
};

/** /dashboard/license: software licences per charger. */
export const LicensePage = () => {
  const t = useT(billingText);
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  return (
    <>
      <PageHeader title={t('license.title')} subtitle={t('license.subtitle')} />
      {!locationId ? <ChooseLocation purpose={t('license.choosePurpose')} /> : <LicenseLoader locationId={locationId} />}
    </>
  );
};

const LicenseLoader = ({ locationId }: { locationId: string }) => {
  const t = useT(billingText);
  const overview = useLicenses(locationId);
  if (overview.isPending) return <PageLoader label={t('license.loading')} />;
  if (overview.isError) return <Alert severity="error">{overview.error.message}</Alert>;
  return <LicenseBody locationId={locationId} overview={overview.data} />;
};

export default LicensePage;
