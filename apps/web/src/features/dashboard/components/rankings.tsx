import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { formatCount, formatKwh, formatNumber, formatPercent } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Ranked = DashboardOverview['topChargers'];

const RankText = ({ charger: c, showLocation }: { charger: Ranked[number]; showLocation: boolean }) => (
  <ListItemText
    primary={`${c.name}${showLocation ? ` · ${c.locationName}` : ''}`}
    secondary={`${formatKwh(c.energyWh / 1000)} · ${formatCount(c.sessions)} sessions`}
  />
);

/** A list row that opens `to` when there is somewhere to go, and is plain text otherwise. */
const MaybeLinkedItem = ({ to, block = false, children }: { to: string | undefined; block?: boolean; children: ReactNode }) => (
  <ListItem disableGutters disablePadding sx={block ? { display: 'block', my: 0.5 } : undefined}>
    {to ? (
      <ListItemButton component={Link} to={to} sx={{ px: 0, ...(block ? { display: 'block' } : {}) }}>
        {children}
      </ListItemButton>
    ) : (
      children
    )}
  </ListItem>
);

type RankingProps = {
  title: string;
  chargers: Ranked;
  showLocation: boolean;
  /** The charger's sessions over the range, when the user may open the list (one location selected). */
  sessionsOf: ((chargerId: string) => string) | undefined;
};

const Ranking = ({ title, chargers, showLocation, sessionsOf }: RankingProps) => (
  <Box>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    <List dense aria-label={title}>
      {chargers.map((c) => (
        <MaybeLinkedItem key={c.chargerId} to={sessionsOf?.(c.chargerId)}>
          <RankText charger={c} showLocation={showLocation} />
        </MaybeLinkedItem>
      ))}
    </List>
  </Box>
);

/** The chargers that delivered the most and the least energy over the range. */
export const Rankings = ({ overview, ...rest }: { overview: DashboardOverview } & Omit<RankingProps, 'title' | 'chargers'>) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
    <Ranking title="Top chargers by energy" chargers={overview.topChargers} {...rest} />
    <Ranking title="Bottom chargers by energy" chargers={overview.bottomChargers} {...rest} />
  </Box>
);

const ConnectorTypeBar = ({ type, total }: { type: DashboardOverview['connectorTypes'][number]; total: number }) => (
  <>
    <Typography variant="body2">{`${type.connectorType}: ${formatNumber(type.sessions)} (${formatPercent(total ? (100 * type.sessions) / total : 0)})`}</Typography>
    <Box sx={{ height: 8, bgcolor: 'primary.main', borderRadius: 1, width: `${total ? (100 * type.sessions) / total : 0}%` }} />
  </>
);

/** Sessions by connector type, as proportional bars; each opens those sessions when one location is selected. */
export const ConnectorTypes = ({
  types,
  sessionsOf,
}: {
  types: DashboardOverview['connectorTypes'];
  sessionsOf: ((connectorType: string) => string) | undefined;
}) => {
  const total = types.reduce((sum, t) => sum + t.sessions, 0);
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Sessions by connector type
      </Typography>
      <List dense aria-label="Sessions by connector type">
        {types.map((t) => (
          <MaybeLinkedItem key={t.connectorType} to={sessionsOf?.(t.connectorType)} block>
            <ConnectorTypeBar type={t} total={total} />
          </MaybeLinkedItem>
        ))}
      </List>
    </Box>
  );
};
