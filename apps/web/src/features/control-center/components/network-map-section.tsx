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
import { useT } from '../../../i18n/use-t.ts';
import { controlCenterText } from '../control-center-text.ts';
import { pinColor, pinLabelKey } from './pin-style.ts';

// Leaflet and its styles load only when the section is shown (decision 064: the shell's bundle budget).
const NetworkMapCanvas = lazy(() => import('./network-map-canvas.tsx'));

/** The colours with their words: a pin's colour is never the only way to read its status. */
const Legend = () => {
  const { palette } = useTheme();
  const t = useT(controlCenterText);
  return (
    <Box component="ul" aria-label={t('map.legend')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
      {PIN_STATUSES.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: pinColor(palette, status) }} />
          {t(pinLabelKey(status))}
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
  const t = useT(controlCenterText);
  const items = network.data?.items ?? [];

  return (
    <Paper component="section" aria-labelledby="network-map-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="network-map-title" variant="h6" component="h2">
          {t('map.title')}
        </Typography>
        {items.length ? (
          <Button size="small" aria-expanded={isListShown} aria-controls="network-map-list" onClick={() => setListShown((shown) => !shown)}>
            {isListShown ? t('map.hideList') : t('map.showList')}
          </Button>
        ) : null}
      </Box>
      {network.isPending ? (
        <PageLoader label={t('map.loading')} />
      ) : network.isError && !network.data ? (
        <LoadErrorAlert subject={t('map.loadError.subject')} error={network.error} onRetry={() => void network.refetch()} />
      ) : !items.length ? (
        <EmptyState icon={<PlaceIcon />} title={t('map.empty.title')}>
          {t('map.empty.body')}
        </EmptyState>
      ) : (
        <>
          <Legend />
          <ErrorBoundary title={t('map.error')}>
            <Suspense fallback={<PageLoader label={t('map.loadingMap')} />}>
              <NetworkMapCanvas items={items} tileUrl={config?.mapTileUrl ?? null} attribution={config?.mapAttribution ?? ''} onSelect={select} />
            </Suspense>
          </ErrorBoundary>
          {network.data?.truncated ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('map.truncated', { count: formatNumber(items.length) })}
            </Typography>
          ) : null}
          {isListShown ? (
            <Box
              component="ul"
              id="network-map-list"
              aria-label={t('map.list')}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, maxHeight: 320, overflow: 'auto' }}
            >
              {items.map((item) => (
                <li key={item.locationId}>
                  <Button fullWidth onClick={() => select(item.locationId)} sx={{ justifyContent: 'space-between', textTransform: 'none' }}>
                    <span>
                      {item.name}, {item.city}
                    </span>
                    <span>{t('map.listItem', { status: t(pinLabelKey(item.status)), count: item.chargers.total })}</span>
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
