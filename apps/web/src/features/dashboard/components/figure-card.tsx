import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPercent } from '@wattdesk/shared/format';
import { Link } from 'react-router';
import { englishOf, useT } from '../../../i18n/use-t.ts';
import { dashboardText, type DashboardKey } from '../dashboard-text.ts';
import { changeOf } from '../range.ts';

// English in every language: end-to-end tests find a figure by its English name.
const english = englishOf(dashboardText);

type Props = {
  /** The figure's name: its key in the catalogue. */
  name: DashboardKey;
  /** The figure as text (thousands separators, unit or currency). */
  value: string | undefined;
  current?: number | undefined;
  previous?: number | null | undefined;
  /** The list behind the figure; none when the user cannot open it. */
  to?: string | undefined;
};

const Change = ({ current, previous }: { current: number; previous: number | null }) => {
  const t = useT(dashboardText);
  const change = changeOf(current, previous);
  if (change === null)
    return (
      <Typography variant="caption" color="text.secondary">
        {t('change.none')}
      </Typography>
    );
  const up = change >= 0;
  return (
    <Typography variant="caption" color={up ? 'success.main' : 'error.main'} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      {up ? <ArrowUpwardIcon fontSize="inherit" /> : <ArrowDownwardIcon fontSize="inherit" />}
      {t('change.vsPrevious', { change: `${up ? '+' : ''}${formatPercent(change)}` })}
    </Typography>
  );
};

/** One figure of the overview, with its change against the previous period; a link to the list behind it. */
export const FigureCard = ({ name, value, current, previous, to }: Props) => {
  const t = useT(dashboardText);
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {t(name)}
      </Typography>
      {/* The English name in every language: end-to-end tests find a figure by it. */}
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`figure-${english(name)}`}>
        {value ?? <Skeleton width={80} />}
      </Typography>
      {current !== undefined && previous !== undefined ? <Change current={current} previous={previous} /> : null}
    </CardContent>
  );
  return (
    <Card variant="outlined">
      {to ? (
        <CardActionArea component={Link} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};
