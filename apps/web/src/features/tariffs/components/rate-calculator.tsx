import { formatKwh, formatNumber } from '@wattdesk/shared/format';
import type { TariffVersion } from '@wattdesk/shared/schemas/tariffs';
import { quoteSession } from '@wattdesk/shared/pricing/engine';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** "A 2-hour, 20 kWh session starting now costs …": the same engine that prices real sessions. */
export const RateCalculator = ({ version, timeZone }: { version: TariffVersion; timeZone: string }) => {
  const [hours, setHours] = useState('2');
  const [kwh, setKwh] = useState('20');
  // "Now" is when the calculator opened: a quote that moves every second would be hard to read.
  const [startAt] = useState(() => Date.now());
  const h = Number(hours);
  const e = Number(kwh);
  const isValid = Number.isFinite(h) && h > 0 && h <= 72 && Number.isFinite(e) && e >= 0 && e <= 1000;
  const quote = isValid ? quoteSession(version, timeZone, startAt, h, e) : null;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label="Hours"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={!isValid && !(h > 0 && h <= 72)}
          helperText={h > 0 && h <= 72 ? undefined : 'Hours must be more than 0 and at most 72'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          fullWidth={false}
          margin="none"
          size="small"
          label="Energy (kWh)"
          value={kwh}
          onChange={(event) => setKwh(event.target.value)}
          error={!(e >= 0 && e <= 1000)}
          helperText={e >= 0 && e <= 1000 ? undefined : 'Energy must be between 0 and 1,000 kWh'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      {quote ? (
        <Typography role="status" data-testid="calculator-result">
          A {formatNumber(h, { decimals: true })}-hour, {formatKwh(e)} session starting now costs{' '}
          <strong>{formatMinor(quote.total, quote.currency)}</strong>
          {quote.items.length ? ` (${quote.items.map((item) => `${item.description}: ${formatMinor(item.amount, quote.currency)}`).join('; ')})` : ''}
          .
        </Typography>
      ) : null}
    </Box>
  );
};
