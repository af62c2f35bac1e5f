import { describe, expect, it } from 'vitest';
import { ocppEndpoint } from './endpoint.ts';

describe('ocppEndpoint', () => {
  it('turns the product URL into the WebSocket base under /ocpp', () => {
    expect(ocppEndpoint('http://localhost:3000')).toBe('ws://localhost:3000/ocpp');
    expect(ocppEndpoint('https://wattdesk.example/')).toBe('wss://wattdesk.example/ocpp');
    expect(ocppEndpoint('ws://host:1/ocpp')).toBe('ws://host:1/ocpp');
  });
});
