import type { NetworkMapItem } from '@wattdesk/shared/schemas/network-map';
import { CHARGER_STATUSES } from '@wattdesk/shared/constants';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useT, type Translate } from '../../../i18n/use-t.ts';
import { controlCenterText, type ControlCenterKey } from '../control-center-text.ts';
import { pinColor, pinLabelKey } from './pin-style.ts';

type NetworkMapCanvasProps = {
  items: readonly NetworkMapItem[];
  /** Leaflet tile template from the server's configuration; without it the pins sit on a plain background. */
  tileUrl: string | null;
  attribution: string;
  onSelect: (locationId: string) => void;
};

/** The tooltip as DOM text, never HTML: a location's name is whatever an operator typed. */
const tooltipOf = (item: NetworkMapItem, t: Translate<ControlCenterKey>): HTMLElement => {
  const element = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = `${item.name} — ${t(pinLabelKey(item.status))}`;
  const counts = document.createElement('div');
  counts.textContent = [
    t('total', { count: item.chargers.total }),
    ...CHARGER_STATUSES.filter((status) => item.chargers[status] > 0).map((status) => t(`map.tooltip.${status}`, { count: item.chargers[status] })),
  ].join(', ');
  element.append(title, counts);
  return element;
};

/**
 * One circle marker per location, coloured by its status; a click selects the location. Loaded on demand
 * (Leaflet is heavy, decision 064). Vector markers need no image files, so the strict CSP holds.
 */
export const NetworkMapCanvas = ({ items, tileUrl, attribution, onSelect }: NetworkMapCanvasProps) => {
  const { palette } = useTheme();
  const t = useT(controlCenterText);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pins = useRef<L.LayerGroup | null>(null);
  const hasFitted = useRef(false);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!container.current) return undefined;
    const instance = L.map(container.current, { center: [0, 0], zoom: 2, attributionControl: Boolean(tileUrl) });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(instance);
    map.current = instance;
    pins.current = L.layerGroup().addTo(instance);
    hasFitted.current = false;
    return () => {
      instance.remove();
      map.current = null;
      pins.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const instance = map.current;
    const layer = pins.current;
    if (!instance || !layer) return;
    layer.clearLayers();
    for (const item of items) {
      const color = pinColor(palette, item.status);
      L.circleMarker([item.lat, item.lng], { radius: 8, color, weight: 2, fillColor: color, fillOpacity: 0.7 })
        .bindTooltip(tooltipOf(item, t))
        .on('click', () => onSelectRef.current(item.locationId))
        .addTo(layer);
    }
    // Fit once, so a refresh every few seconds does not undo the user's own panning and zooming.
    // A map without a size yet (hidden, or not laid out) has nothing to fit to.
    if (hasFitted.current || !items.length || !container.current?.clientWidth) return;
    instance.fitBounds(L.latLngBounds(items.map((item) => [item.lat, item.lng])), { padding: [24, 24], maxZoom: 15 });
    hasFitted.current = true;
  }, [items, palette, tileUrl, t]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label={t('map.canvas')}
      data-testid="network-map"
      sx={{ height: 360, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#e8eef0', '& .leaflet-container': { bgcolor: '#e8eef0' } }}
    />
  );
};

export default NetworkMapCanvas;
