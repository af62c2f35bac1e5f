import type { TariffVersion } from '@wattdesk/shared/schemas/tariffs';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatMicros } from '@wattdesk/shared/pricing/money';
import { formatInZone } from '../zone-time.ts';
import { useRateWords } from '../rates-text.ts';

/** Versions of the tariff: when each starts, who set it and its periods in short. */
export const VersionList = ({ versions, timeZone, label }: { versions: TariffVersion[]; timeZone: string; label: string }) => {
  const { t, period } = useRateWords();
  return (
    <List dense aria-label={label}>
      {versions.map((version) => (
        <ListItem key={version.id} disableGutters>
          <ListItemText
            primary={
              version.createdBy
                ? t('versions.fromSetBy', { at: formatInZone(version.effectiveFrom, timeZone), name: version.createdBy })
                : t('versions.from', { at: formatInZone(version.effectiveFrom, timeZone) })
            }
            secondary={version.periods
              .map((p) => t('versions.period', { period: period(p), price: formatMicros(p.energyPriceMicros, version.currency) }))
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
};
