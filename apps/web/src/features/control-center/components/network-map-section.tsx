import { PIN_STATUSES } from '@wattdesk/shared/pin-status';
import { formatNumber } from '@wattdesk/shared/format';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { LoadErrorAlert } from '../../../components/errors/load-error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useNetworkMap } from '../api/get-network-map.ts';
import { PIN_LABELS, pinColor } from './pin-style.ts';

// Leaflet and its styles load only when the section is shown (decision 064: the shell's bundle budget).
const NetworkMapCanvas = lazy(() => import('./network-map-canvas.tsx'));

/** The colours with their words: a pin's colour is never the only way to read its status. */
const Legend = () => {
  const { palette } = useTheme();
  return (
    <Box component="ul" aria-label="Map legend" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
      {PIN_STATUSES.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: pinColor(palette, status) }} />
          {PIN_LABELS[status]}
        </Box>
      ))}
    </Box>
  );
};

/** The control center's map of every location in reach; choosing a pin or a list entry selects it in the top bar. */
export const NetworkMapSection = () => {
  const network = useNetworkMap();
  const config = useAppConfig();
  const select = useSelectedLocation((state) => state.select);
  const [isListShown, setListShown] = useState(false);
  const items = network.data?.items ?? [];

  return (
    <Paper component="section" aria-labelledby="network-map-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="network-map-title" variant="h6" component="h2">
          Network map
        </Typography>
        {items.length ? (
          <Button size="small" aria-expanded={isListShown} aria-controls="network-map-list" onClick={() => setListShown((shown) => !shown)}>
            {isListShown ? 'Hide the list' : 'Show the locations as a list'}
          </Button>
        ) : null}
      </Box>
      {network.isPending ? (
        <PageLoader label="Loading the network map" />
      ) : network.isError && !network.data ? (
        <LoadErrorAlert subject="The network map" error={network.error} onRetry={() => void network.refetch()} />
      ) : !items.length ? (
        <EmptyState icon={<PlaceIcon />} title="No location to show on the map">
          Locations appear here once they have coordinates.
        </EmptyState>
      ) : (
        <>
          <Legend />
          <ErrorBoundary title="The map could not be shown.">
            <Suspense fallback={<PageLoader label="Loading the map" />}>
              <NetworkMapCanvas items={items} tileUrl={config?.mapTileUrl ?? null} attribution={config?.mapAttribution ?? ''} onSelect={select} />
            </Suspense>
          </ErrorBoundary>
          {network.data?.truncated ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The map shows the first {formatNumber(items.length)} locations by name.
            </Typography>
          ) : null}
          {isListShown ? (
            <Box
              component="ul"
              id="network-map-list"
              aria-label="Locations on the map"
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, maxHeight: 320, overflow: 'auto' }}
            >
              {items.map((item) => (
                <li key={item.locationId}>
                  <Button fullWidth onClick={() => select(item.locationId)} sx={{ justifyContent: 'space-between', textTransform: 'none' }}>
                    <span>
                      {item.name}, {item.city}
                    </span>
                    <span>
                      {PIN_LABELS[item.status]} · {formatNumber(item.chargers.total)} chargers
                    </span>
                  </Button>
                </li>
              ))}
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
};
