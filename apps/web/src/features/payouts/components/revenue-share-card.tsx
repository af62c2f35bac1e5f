import { revenueShareBodySchema } from '@wattdesk/shared/schemas/payouts';
import { formatZonedTimestamp, zoneOffsetMs } from '@wattdesk/shared/time-zones';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/can.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useRevenueShare, useSetRevenueShare } from '../api/deals-api.ts';
import { bpsLabel, fieldErrors, percentToBps, startOfDayIn } from './percent.ts';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

const EMPTY = { host: '', reseller: '', platform: '', day: '' };

const ShareDialog = ({ locationId, timeZone, onClose }: { locationId: string; timeZone: string; onClose: () => void }) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetRevenueShare();
  const t = useT(payoutsText);
  const common = useT(commonText);
  const sentence = useSentence();
  const problem = (name: string) => (errors[name] ? sentence(errors[name]) : undefined);
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bps = (text: string) => percentToBps(text) ?? Number.NaN;
    const parsed = revenueShareBodySchema.safeParse({
      locationId,
      hostBps: bps(values.host),
      resellerBps: bps(values.reseller),
      platformBps: bps(values.platform),
      effectiveFrom: values.day ? startOfDayIn(values.day, timeZone, zoneOffsetMs) : '',
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('share.saved'));
        onClose();
      },
    });
  };
  const percent = (name: 'host' | 'reseller' | 'platform') => (
    <TextField
      {...field(name)}
      label={t('share.percent', { label: t(`share.${name}`) })}
      inputMode="decimal"
      required
      error={Boolean(errors[`${name}Bps`])}
      helperText={problem(`${name}Bps`)}
    />
  );
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="share-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="share-dialog-title">{t('share.set')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error ? (
              <Alert severity="error">{save.error instanceof ApiError ? save.error.messages.join(': ') : save.error.message}</Alert>
            ) : null}
            {percent('host')}
            {percent('reseller')}
            {percent('platform')}
            <TextField
              {...field('day')}
              label={t('share.effectiveFrom', { timeZone })}
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.effectiveFrom)}
              helperText={problem('effectiveFrom') ?? t('share.effectiveHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** The location's customerRevenueShare: the split in force and its history; set by holders of Deals_Create. */
export const RevenueShareCard = ({ locationId, timeZone }: { locationId: string; timeZone: string }) => {
  const can = useCan();
  const share = useRevenueShare(locationId);
  const t = useT(payoutsText);
  const [editing, setEditing] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {t('share.title')}
          </Typography>
          {can('Deals_Create') && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t('share.set')}
            </Button>
          )}
        </Stack>
        {share.isPending ? (
          <PageLoader label={t('share.loading')} />
        ) : share.isError ? (
          <Alert severity="info">{share.error.message}</Alert>
        ) : (
          <Stack spacing={1}>
            <Typography>
              {t('share.current', {
                host: bpsLabel(share.data.current.hostBps),
                reseller: bpsLabel(share.data.current.resellerBps),
                platform: bpsLabel(share.data.current.platformBps),
              })}
              {share.data.current.source === 'deal' ? ` ${t('share.byDeal')}` : ''}
            </Typography>
            {share.data.history.map((entry) => (
              <Typography key={entry.id} variant="body2" color="text.secondary">
                {t('share.history', {
                  from: formatZonedTimestamp(entry.effectiveFrom, timeZone),
                  host: bpsLabel(entry.hostBps),
                  reseller: bpsLabel(entry.resellerBps),
                  platform: bpsLabel(entry.platformBps),
                })}
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
      {editing && <ShareDialog locationId={locationId} timeZone={timeZone} onClose={() => setEditing(false)} />}
    </Card>
  );
};
