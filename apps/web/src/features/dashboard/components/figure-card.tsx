import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { changeOf } from '../range.ts';

type Props = {
  label: string;
  /** The figure as text (thousands separators, unit or currency). */
  value: string | undefined;
  current?: number | undefined;
  previous?: number | null | undefined;
  /** The list behind the figure; none when the user cannot open it. */
  to?: string | undefined;
};

const Change = ({ current, previous }: { current: number; previous: number | null }) => {
  const change = changeOf(current, previous);
  if (change === null)
    return (
      <Typography variant="caption" color="text.secondary">
        No earlier period to compare
      </Typography>
    );
  const up = change >= 0;
  return (
    <Typography variant="caption" color={up ? 'success.main' : 'error.main'} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      {up ? <ArrowUpwardIcon fontSize="inherit" /> : <ArrowDownwardIcon fontSize="inherit" />}
      {`${up ? '+' : ''}${change.toFixed(1)}% vs previous period`}
    </Typography>
  );
};

/** One figure of the overview, with its change against the previous period; a link to the list behind it. */
export const FigureCard = ({ label, value, current, previous, to }: Props) => {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`figure-${label}`}>
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
