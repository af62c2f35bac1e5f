import { formatHourOfDay } from '@wattdesk/shared/format';
import type { RatePeriod } from '@wattdesk/shared/pricing/types';
import { periodGrid } from '@wattdesk/shared/pricing/periods';
import { formatMicros } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from 'react';
import { useRateWords, type RatesKey } from '../rates-text.ts';
import type { Translate } from '../../../i18n/use-t.ts';

/** Read by screen readers, not shown. */
const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};

/** Cheap to dear: greens, then ambers, then reds; dark text stays readable on every one. */
const PALETTE = ['#c8e6c9', '#a5d6a7', '#dcedc8', '#fff59d', '#ffe082', '#ffcc80', '#ffab91', '#ef9a9a'];
/** Monday first, as hosts read a week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

const priceText = (t: Translate<RatesKey>, period: RatePeriod, currency: string) =>
  period.timePriceMicros
    ? t('price.energyAndTime', { price: formatMicros(period.energyPriceMicros, currency), timePrice: formatMicros(period.timePriceMicros, currency) })
    : t('price.energy', { price: formatMicros(period.energyPriceMicros, currency) });

/** The week × 24 hours, each hour coloured by its price per kWh, with a legend and the prices as text. */
export const RatesGrid = ({ periods, currency }: { periods: readonly RatePeriod[]; currency: string }) => {
  const words = useRateWords();
  const { t } = words;
  const grid = periodGrid(periods);
  const prices = [...new Set(periods.map((p) => p.energyPriceMicros))].sort((a, b) => a - b);
  const colourOf = (micros: number) => {
    const rank = prices.indexOf(micros);
    return PALETTE[prices.length < 2 ? 0 : Math.round((rank * (PALETTE.length - 1)) / (prices.length - 1))]!;
  };
  return (
    <Box>
      {/* A focusable region: on a phone the week scrolls sideways inside it, by keyboard too. Positioned, so the
          cells' visually hidden (absolute) texts stay inside it rather than widening the page. */}
      <Box
        sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
        role="region"
        aria-label={t('grid.region')}
        tabIndex={0}
        data-scrolls-sideways
      >
        <Box
          component="table"
          aria-label={t('grid.table')}
          sx={{ borderCollapse: 'separate', borderSpacing: '2px', width: '100%', minWidth: 640, tableLayout: 'fixed' }}
        >
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ width: 96 }}>
                <span style={visuallyHidden}>{t('grid.weekday')}</span>
              </Box>
              {Array.from({ length: 24 }, (_, hour) => (
                <Box
                  component="th"
                  scope="col"
                  key={hour}
                  sx={{ typography: 'caption', fontWeight: 400, color: 'text.secondary', textAlign: 'left' }}
                >
                  {hour % 3 === 0 ? formatHourOfDay(hour) : <span style={visuallyHidden}>{formatHourOfDay(hour)}</span>}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEK.map((weekday) => (
              <tr key={weekday}>
                <Box component="th" scope="row" sx={{ typography: 'body2', textAlign: 'left', pr: 1 }}>
                  {words.weekday(weekday)}
                </Box>
                {Array.from({ length: 24 }, (_, hour) => {
                  const index = grid[weekday * 24 + hour]!;
                  const period = periods[index];
                  const text = period ? priceText(t, period, currency) : t('grid.noPrice');
                  return (
                    <Box
                      component="td"
                      key={hour}
                      title={t('grid.cell', { weekday: words.weekday(weekday), hour: formatHourOfDay(hour), price: text })}
                      sx={{ height: 24, borderRadius: 0.5, bgcolor: period ? colourOf(period.energyPriceMicros) : 'error.light', p: 0 }}
                    >
                      <span style={visuallyHidden}>{text}</span>
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Box component="ul" aria-label={t('grid.legend')} sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, mt: 1.5, mb: 0 }}>
        {periods.map((period, index) => (
          <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: colourOf(period.energyPriceMicros), border: 1, borderColor: 'divider' }}
            />
            <Typography variant="body2">{t('grid.legendItem', { period: words.period(period), price: priceText(t, period, currency) })}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
