import { formatKwh, formatNumber } from '@wattdesk/shared/format';
import type { TariffVersion } from '@wattdesk/shared/schemas/tariffs';
import type { LineItem } from '@wattdesk/shared/pricing/types';
import { quoteSession } from '@wattdesk/shared/pricing/engine';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRateWords } from '../rates-text.ts';

/** "A 2-hour, 20 kWh session starting now costs …": the same engine that prices real sessions. */
export const RateCalculator = ({ version, timeZone }: { version: TariffVersion; timeZone: string }) => {
  const { t, period } = useRateWords();
  const [hours, setHours] = useState('2');
  const [kwh, setKwh] = useState('20');
  // "Now" is when the calculator opened: a quote that moves every second would be hard to read.
  const [startAt] = useState(() => Date.now());
  const h = Number(hours);
  const e = Number(kwh);
  const isValid = Number.isFinite(h) && h > 0 && h <= 72 && Number.isFinite(e) && e >= 0 && e <= 1000;
  const quote = isValid ? quoteSession(version, timeZone, startAt, h, e) : null;
  // The engine words its items in English for stored prices; the screen words those it knows in the reader's language.
  const describe = (item: LineItem) => {
    const priced = item.periodIndex === null ? undefined : version.periods[item.periodIndex];
    if (item.kind === 'energy' && priced) return t('calculator.energyItem', { period: period(priced) });
    if (item.kind === 'time' && priced) return t('calculator.timeItem', { period: period(priced) });
    if (item.kind === 'session-fee') return t('calculator.sessionFee');
    return item.description;
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label={t('calculator.hours')}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={!isValid && !(h > 0 && h <= 72)}
          helperText={h > 0 && h <= 72 ? undefined : t('calculator.hoursInvalid')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label={t('calculator.energy')}
          value={kwh}
          onChange={(event) => setKwh(event.target.value)}
          error={!(e >= 0 && e <= 1000)}
          helperText={e >= 0 && e <= 1000 ? undefined : t('calculator.energyInvalid', { max: formatNumber(1000) })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      {quote ? (
        <Typography role="status" data-testid="calculator-result">
          {t('calculator.result', { hours: formatNumber(h, { decimals: true }), energy: formatKwh(e) })}{' '}
          <strong>{formatMinor(quote.total, quote.currency)}</strong>
          {quote.items.length
            ? ` (${quote.items.map((item) => t('calculator.item', { description: describe(item), amount: formatMinor(item.amount, quote.currency) })).join('; ')})`
            : ''}
          .
        </Typography>
      ) : null}
    </Box>
  );
};
