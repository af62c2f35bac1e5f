import { OCPP_PATH } from '@wattdesk/shared';

/**
 * The WebSocket base chargers connect under, from the product's URL: http(s)://host:port → ws(s)://host:port/ocpp.
 * ocpp-rpc appends `/{chargerId}`. A URL that already ends in /ocpp is kept.
 */
export const ocppEndpoint = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
  else if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new Error(`Unsupported URL ${url}: use http(s):// or ws(s)://`);
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith(OCPP_PATH) ? path : `${path}${OCPP_PATH}`;
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString().replace(/\/+$/, '');
};
