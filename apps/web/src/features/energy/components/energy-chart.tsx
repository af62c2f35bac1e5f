import { formatKwh, formatPercent } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useEnergyData, useImportEnergy } from '../api/utility-api.ts';
import { energyText } from '../energy-text.ts';

const kwh = formatKwh;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const COLOURS = { utility: '#1565c0', chargers: '#ef6c00' } as const;

/** Hourly kWh of the utility meter and of the chargers, drawn as two lines; the totals below say it in words. */
const Chart = ({ points }: { points: { at: string; utilityKwh: number | null; chargersKwh: number }[] }) => {
  const t = useT(energyText);
  const width = 720;
  const height = 200;
  const max = Math.max(0.001, ...points.map((point) => Math.max(point.utilityKwh ?? 0, point.chargersKwh)));
  const x = (index: number) => (points.length < 2 ? width / 2 : (index / (points.length - 1)) * (width - 20) + 10);
  const y = (value: number) => height - 10 - (value / max) * (height - 30);
  const line = (pick: (point: (typeof points)[number]) => number | null) =>
    points
      .map((point, index) => [index, pick(point)] as const)
      .filter((entry): entry is readonly [number, number] => entry[1] !== null)
      .map(([index, value]) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`)
      .join(' ');
  return (
    <Box component="svg" viewBox={`0 0 ${width} ${height}`} sx={{ width: '100%', height: 'auto', maxHeight: 240 }} aria-hidden="true">
      <line x1={10} x2={width - 10} y1={height - 10} y2={height - 10} stroke="#9e9e9e" />
      <text x={12} y={14} fontSize={11}>
        {t('energy.perHour', { amount: kwh(max) })}
      </text>
      <polyline fill="none" stroke={COLOURS.utility} strokeWidth={2} points={line((point) => point.utilityKwh)} />
      <polyline fill="none" stroke={COLOURS.chargers} strokeWidth={2} points={line((point) => point.chargersKwh)} />
    </Box>
  );
};

/** Energy data: import the utility's 15-minute interval CSV and compare it with what the chargers metered. */
export const EnergySection = ({ utilityConfigId, canImport }: { utilityConfigId: string; canImport: boolean }) => {
  const [range, setRange] = useState(() => ({ from: isoDay(new Date(Date.now() - 7 * 86_400_000)), to: isoDay(new Date()) }));
  const data = useEnergyData(utilityConfigId, range.from, range.to);
  const importer = useImportEnergy();
  const t = useT(energyText);
  const share = data.data && data.data.utilityKwh > 0 ? (data.data.chargersKwh / data.data.utilityKwh) * 100 : null;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          type="date"
          label={t('energy.from')}
          value={range.from}
          onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('energy.to')}
          value={range.to}
          onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {canImport ? (
          <Button component="label" variant="outlined" loading={importer.isPending}>
            {t('energy.import')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={t('energy.fileLabel')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) importer.mutate({ utilityConfigId, file });
              }}
            />
          </Button>
        ) : null}
      </Stack>
      {data.isError ? <LoadErrorAlert subject={t('energy.loadSubject')} error={data.error} onRetry={() => void data.refetch()} /> : null}
      {data.data ? (
        data.data.points.length ? (
          <>
            <Chart points={data.data.points} />
            <Typography variant="body2">
              <span style={{ color: COLOURS.utility }}>■</span> {t('energy.utilityMeter', { amount: kwh(data.data.utilityKwh) })} ·{' '}
              <span style={{ color: COLOURS.chargers }}>■</span> {t('energy.chargers', { amount: kwh(data.data.chargersKwh) })}
              {share === null ? '' : ` (${t('energy.share', { percent: formatPercent(share) })})`} ·{' '}
              {t('energy.range', {
                start: formatDateTime(data.data.points[0]!.at, data.data.timeZone),
                end: formatDateTime(data.data.points.at(-1)!.at, data.data.timeZone),
                timeZone: data.data.timeZone,
              })}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{t('energy.empty')}</Typography>
        )
      ) : null}
    </>
  );
};
