import { formatKwh, formatNumber } from '@wattdesk/shared/format';
import type { TariffVersion } from '@wattdesk/shared/schemas/tariffs';
import { quoteSession } from '@wattdesk/shared/pricing/engine';
import { decimalFromTyped, formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRateWords } from '../rates-text.ts';

/** "A 2-hour, 20 kWh session starting now costs …": the same engine that prices real sessions. */
export const RateCalculator = ({ version, timeZone }: { version: TariffVersion; timeZone: string }) => {
  const { t, lineItem } = useRateWords();
  const [hours, setHours] = useState('2');
  const [kwh, setKwh] = useState('20');
  // "Now" is when the calculator opened: a quote that moves every second would be hard to read.
  const [startAt] = useState(() => Date.now());
  // Typed the page language's way: "2,5" hours on a German page.
  const h = Number(decimalFromTyped(hours.trim()) ?? Number.NaN);
  const e = Number(decimalFromTyped(kwh.trim()) ?? Number.NaN);
  const isValid = Number.isFinite(h) && h > 0 && h <= 72 && Number.isFinite(e) && e >= 0 && e <= 1000;
  const quote = isValid ? quoteSession(version, timeZone, startAt, h, e) : null;
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
            ? ` (${quote.items.map((item) => t('calculator.item', { description: lineItem(item), amount: formatMinor(item.amount, quote.currency) })).join('; ')})`
            : ''}
          .
        </Typography>
      ) : null}
    </Box>
  );
};
