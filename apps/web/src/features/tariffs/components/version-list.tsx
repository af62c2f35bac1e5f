import type { TariffVersion } from '@wattdesk/shared/schemas/tariffs';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { periodLabel } from '@wattdesk/shared/pricing/periods';
import { formatMicros } from '@wattdesk/shared/pricing/money';
import { formatInZone } from '../zone-time.ts';

/** Versions of the tariff: when each starts, who set it and its periods in short. */
export const VersionList = ({ versions, timeZone, label }: { versions: TariffVersion[]; timeZone: string; label: string }) => (
  <List dense aria-label={label}>
    {versions.map((version) => (
      <ListItem key={version.id} disableGutters>
        <ListItemText
          primary={`From ${formatInZone(version.effectiveFrom, timeZone)}${version.createdBy ? ` · set by ${version.createdBy}` : ''}`}
          secondary={version.periods.map((p) => `${periodLabel(p)} ${formatMicros(p.energyPriceMicros, version.currency)}/kWh`).join(' · ')}
        />
      </ListItem>
    ))}
  </List>
);
