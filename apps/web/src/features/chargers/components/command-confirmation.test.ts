import type { ActiveSession } from '@wattdesk/shared/schemas/charging';
import { describe, expect, it } from 'vitest';
import { describeCommand } from './command-confirmation.ts';

const session = (connectorId: number, idTag: string): ActiveSession => ({
  id: `s${connectorId}`,
  transactionId: connectorId,
  connectorId,
  driverName: null,
  idTag,
  startedAt: '2026-11-22T10:00:00.000Z',
  energyKwh: 1,
  powerKw: 7,
  cost: null,
});

describe('describeCommand: what Unlock and availability changes say before they are sent', () => {
  it('unlock of an idle connector: plain, not red', () => {
    expect(describeCommand({ action: 'unlock', body: { connectorId: 2 } }, 'Bay 1', [session(1, 'DRIVER-1')])).toEqual({
      title: 'Unlock connector 2 of Bay 1?',
      body: 'The charger releases the cable lock of connector 2.',
      confirmLabel: 'Unlock',
      isDestructive: false,
    });
  });

  it('unlock during a session on that connector warns that charging can stop', () => {
    const text = describeCommand({ action: 'unlock', body: { connectorId: 1 } }, 'Bay 1', [session(1, 'DRIVER-1')]);
    expect(text.body).toContain('A session is running on it (DRIVER-1): unlocking can stop the charging.');
    expect(text.isDestructive).toBe(true);
  });

  it('the whole charger inoperative names every running session and when it takes effect', () => {
    const text = describeCommand({ action: 'availability', body: { connectorId: 0, type: 'Inoperative' } }, 'Bay 1', [
      session(1, 'DRIVER-1'),
      session(2, 'DRIVER-2'),
    ]);
    expect(text.title).toBe('Set Bay 1 inoperative?');
    expect(text.body).toBe(
      'No driver can start charging at Bay 1 until it is set operative again. 2 sessions are running (DRIVER-1, DRIVER-2): charging goes on until it ends, then the charger becomes inoperative.',
    );
  });

  it('back to operative', () => {
    expect(describeCommand({ action: 'availability', body: { connectorId: 1, type: 'Operative' } }, 'Bay 1', []).title).toBe(
      'Set connector 1 of Bay 1 operative?',
    );
  });
});
