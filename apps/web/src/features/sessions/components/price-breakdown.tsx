import { formatQuantity } from '@wattdesk/shared/format';
import type { SessionPriceView } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { sessionsText } from '../sessions-text.ts';
import { usePriceWords } from '../../../components/price-lines-text.ts';

const UNIT: Record<SessionPriceView['items'][number]['unit'], string> = { kWh: 'kWh', h: 'h', min: 'min', session: '' };

/** The line items of a session's price: final once stored at the stop, the live estimate while it runs. */
export const PriceBreakdown = ({ price }: { price: SessionPriceView }) => {
  const t = useT(sessionsText);
  const { lineItem } = usePriceWords();
  const money = (minor: number) => formatMinor(minor, price.currency);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(price.final ? 'price.final' : 'price.estimate')}
      </Typography>
      <Table size="small" aria-label={t('price.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('price.item')}</TableCell>
            <TableCell align="right">{t('price.quantity')}</TableCell>
            <TableCell align="right">{t('price.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {price.items.map((item, index) => (
            <TableRow key={index}>
              <TableCell>
                {lineItem(item)} {item.waived ? <Chip size="small" label={t('price.waived')} sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {item.unit === 'session' ? '1' : `${formatQuantity(item.quantity)} ${UNIT[item.unit]}`}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', textDecoration: item.waived ? 'line-through' : undefined }}>
                {money(item.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 700, color: 'text.primary' }}>
              {t(price.final ? 'price.total' : 'price.totalSoFar')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }} data-testid="price-total">
              {money(price.total)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </>
  );
};
