import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { formatKwh, formatNumber, formatPercent } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t.ts';
import { dashboardText } from '../dashboard-text.ts';

type Ranked = DashboardOverview['topChargers'];

const RankText = ({ charger: c, showLocation }: { charger: Ranked[number]; showLocation: boolean }) => {
  const t = useT(dashboardText);
  return (
    <ListItemText
      primary={`${c.name}${showLocation ? ` · ${c.locationName}` : ''}`}
      secondary={t('rank.detail', { energy: formatKwh(c.energyWh / 1000), count: c.sessions })}
    />
  );
};

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
export const Rankings = ({ overview, ...rest }: { overview: DashboardOverview } & Omit<RankingProps, 'title' | 'chargers'>) => {
  const t = useT(dashboardText);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Ranking title={t('rank.top')} chargers={overview.topChargers} {...rest} />
      <Ranking title={t('rank.bottom')} chargers={overview.bottomChargers} {...rest} />
    </Box>
  );
};

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
  const t = useT(dashboardText);
  const total = types.reduce((sum, type) => sum + type.sessions, 0);
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('connectorTypes.title')}
      </Typography>
      <List dense aria-label={t('connectorTypes.title')}>
        {types.map((type) => (
          <MaybeLinkedItem key={type.connectorType} to={sessionsOf?.(type.connectorType)} block>
            <ConnectorTypeBar type={type} total={total} />
          </MaybeLinkedItem>
        ))}
      </List>
    </Box>
  );
};
