import Box from '@mui/material/Box';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { locationsText } from '../locations-text.ts';

type LocationMapProps = {
  lng: number;
  lat: number;
  /** Leaflet tile template from the server's configuration; without it the pin sits on a plain background. */
  tileUrl: string | null;
  attribution: string;
  onMove: (lng: number, lat: number) => void;
};

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Click or drag to place the pin. A vector marker (circle) needs no image files, so it works under the
 * strict CSP and without any tile server.
 */
export const LocationMap = ({ lng, lat, tileUrl, attribution, onMove }: LocationMapProps) => {
  const t = useT(locationsText);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  useEffect(() => {
    if (!container.current) return undefined;
    const instance = L.map(container.current, { center: [lat, lng], zoom: 15, attributionControl: Boolean(tileUrl) });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(instance);
    const pin = L.circleMarker([lat, lng], { radius: 10, color: '#0b7a53', weight: 3, fillColor: '#0b7a53', fillOpacity: 0.6 }).addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => onMoveRef.current(round(event.latlng.lng), round(event.latlng.lat)));
    map.current = instance;
    marker.current = pin;
    return () => {
      instance.remove();
      map.current = null;
    };
    // The map is created once; position changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl]);

  useEffect(() => {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
    marker.current?.setLatLng([lat, lng]);
    map.current?.panTo([lat, lng], { animate: false });
  }, [lat, lng]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label={t('map.label')}
      data-testid="location-map"
      sx={{ height: 320, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#e8eef0', '& .leaflet-container': { bgcolor: '#e8eef0' } }}
    />
  );
};
