import { CHARGER_STATUSES, type ChargerStatus } from '@wattdesk/shared/constants';
import type { StatusCounts } from '@wattdesk/shared/schemas/chargers';
import { formatNumber } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { controlCenterText } from '../control-center-text.ts';
import { pinLabelKey } from './pin-style.ts';

const ACCENTS: Record<ChargerStatus, string> = {
  available: 'success.main',
  charging: 'info.main',
  offline: 'text.secondary',
  maintenance: 'warning.main',
  faulted: 'error.main',
};

type StatusCardsProps = { counts: StatusCounts | undefined; selected: ChargerStatus | null; onSelect: (status: ChargerStatus | null) => void };

/** One card per status; choosing one filters the chargers below, choosing it again clears the filter. */
export const StatusCards = ({ counts, selected, onSelect }: StatusCardsProps) => {
  const t = useT(controlCenterText);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, mb: 3 }}>
      {CHARGER_STATUSES.map((status) => (
        <Card
          key={status}
          variant="outlined"
          sx={{ borderColor: selected === status ? ACCENTS[status] : undefined, borderWidth: selected === status ? 2 : 1 }}
        >
          <CardActionArea onClick={() => onSelect(selected === status ? null : status)} aria-pressed={selected === status} sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t(pinLabelKey(status))}
            </Typography>
            <Typography variant="h4" component="p" sx={{ color: ACCENTS[status], fontWeight: 700 }} data-testid={`count-${status}`}>
              {counts ? formatNumber(counts[status]) : '–'}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
};
