import { BATCH_MAX_ROWS } from '@wattdesk/shared';

/** A JSON call to the product; throws with the answer when the status is not `expect`. */
export const api = async <T>(baseUrl: string, route: string, init: RequestInit & { token?: string; expect: number }): Promise<T> => {
  const response = await fetch(`${baseUrl}${route}`, {
    ...init,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  if (response.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
};

/** The demo SuperAdmin's bearer token. */
export const superAdminToken = async (baseUrl: string) =>
  (
    await api<{ access_token: string }>(baseUrl, '/web/users/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'superadmin@example.com', password: 'Charge#2026', deviceId: 'ocpp-bench' }),
      expect: 200,
    })
  ).access_token;

/**
 * Registers `total` smart chargers through the public API as the demo SuperAdmin: one new site per CSV batch
 * (POST /web/chargers/batch), every charger with the same OCPP password. Returns the number of sites.
 */
export const registerChargers = async (
  baseUrl: string,
  options: { total: number; chargerId: (index: number) => string; ocppPassword: string; onSite?: (locationId: string) => void },
) => {
  const token = await superAdminToken(baseUrl);
  const batches = Math.ceil(options.total / BATCH_MAX_ROWS);
  for (let batch = 0; batch < batches; batch += 1) {
    // One site per file: names are unique per location, and a thousand bays is plenty for one site.
    const location = await api<{ locationId: string }>(baseUrl, '/web/locations', {
      method: 'POST',
      token,
      expect: 201,
      body: JSON.stringify({
        name: `Bench Site ${batch + 1}`,
        addressLine1: `${batch + 1} Load Street`,
        city: 'Oakland',
        state: 'California',
        zipCode: '94607',
        lng: -122.27 + batch / 100,
        lat: 37.8,
        timeZone: 'America/Los_Angeles',
      }),
    });
    options.onSite?.(location.locationId);
    const first = batch * BATCH_MAX_ROWS;
    const rows = Array.from({ length: Math.min(BATCH_MAX_ROWS, options.total - first) }, (_, offset) => {
      const code = options.chargerId(first + offset);
      return `${code},Bay ${code},smart,${options.ocppPassword}`;
    });
    const form = new FormData();
    form.append('locationId', location.locationId);
    form.append('file', new Blob([`chargerId,name,kind,ocppPassword\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'chargers.csv');
    const result = await api<{ created: number }>(baseUrl, '/web/chargers/batch', { method: 'POST', token, body: form, expect: 201 });
    if (result.created !== rows.length) throw new Error(`batch ${batch + 1}: ${result.created} of ${rows.length} created`);
  }
  return batches;
};
