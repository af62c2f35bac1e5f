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

const EMPTY = { host: '', reseller: '', platform: '', day: '' };

const ShareDialog = ({ locationId, timeZone, onClose }: { locationId: string; timeZone: string; onClose: () => void }) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetRevenueShare();
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
        notifySuccess('revenue share saved');
        onClose();
      },
    });
  };
  const percent = (name: 'host' | 'reseller' | 'platform', label: string) => (
    <TextField
      {...field(name)}
      label={`${label} (%)`}
      inputMode="decimal"
      required
      error={Boolean(errors[`${name}Bps`])}
      helperText={errors[`${name}Bps`]}
    />
  );
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="share-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="share-dialog-title">Set revenue share</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error ? (
              <Alert severity="error">{save.error instanceof ApiError ? save.error.messages.join(': ') : save.error.message}</Alert>
            ) : null}
            {percent('host', 'Host')}
            {percent('reseller', 'Reseller')}
            {percent('platform', 'Platform')}
            <TextField
              {...field('day')}
              label={`Effective from (${timeZone})`}
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.effectiveFrom)}
              helperText={errors.effectiveFrom ?? 'From midnight of this day on the location clock'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
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
  const [editing, setEditing] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            Revenue share
          </Typography>
          {can('Deals_Create') && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Set revenue share
            </Button>
          )}
        </Stack>
        {share.isPending ? (
          <PageLoader label="Loading the revenue share" />
        ) : share.isError ? (
          <Alert severity="info">{share.error.message}</Alert>
        ) : (
          <Stack spacing={1}>
            <Typography>
              Host {bpsLabel(share.data.current.hostBps)} · Reseller {bpsLabel(share.data.current.resellerBps)} · Platform{' '}
              {bpsLabel(share.data.current.platformBps)}
              {share.data.current.source === 'deal' ? ' (set by a deal in its term)' : ''}
            </Typography>
            {share.data.history.map((entry) => (
              <Typography key={entry.id} variant="body2" color="text.secondary">
                From {formatZonedTimestamp(entry.effectiveFrom, timeZone)}: host {bpsLabel(entry.hostBps)}, reseller {bpsLabel(entry.resellerBps)},
                platform {bpsLabel(entry.platformBps)}
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
      {editing && <ShareDialog locationId={locationId} timeZone={timeZone} onClose={() => setEditing(false)} />}
    </Card>
  );
};
