import { describe, expect, it } from 'vitest';
import { credentialsCsv } from './new-credentials-panel.tsx';
import { ocppAddressOf } from './ocpp-password-dialog.tsx';

describe('OCPP credentials', () => {
  it('a batch import offers chargerId,ocppPassword by charger id, passwords kept exactly', () => {
    const csv = credentialsCsv([
      { chargerId: 'WD-2', ocppPassword: 'pass,with"quote-and-comma' },
      { chargerId: 'WD-1', ocppPassword: 'plain-password-0123' },
    ]);
    expect(csv).toBe('chargerId,ocppPassword\r\nWD-1,plain-password-0123\r\nWD-2,"pass,with""quote-and-comma"\r\n');
  });

  it("chargers connect to this page's host: ws on http, wss on https", () => {
    expect(ocppAddressOf('WD-1', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ocpp/WD-1');
    expect(ocppAddressOf('WD-1', { protocol: 'https:', host: 'wattdesk.example' })).toBe('wss://wattdesk.example/ocpp/WD-1');
  });
});
