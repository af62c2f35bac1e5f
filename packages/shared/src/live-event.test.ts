import { describe, expect, it } from 'vitest';
import { readLiveEvent } from './live-event.ts';
import { liveEventSchema } from './schemas/charging.ts';

const event = { id: 'e1', chargerId: 'c1', locationId: 'l1', reason: 'status', at: '2026-11-27T10:00:00.000Z' };

describe('the live feed event', () => {
  it('is read with only its own fields, as the schema reads it', () => {
    const withExtra = { ...event, secret: 'not for the screen' };
    expect(readLiveEvent(withExtra)).toEqual(event);
    expect(liveEventSchema.parse(withExtra)).toEqual(event);
  });

  it.each([
    ['a missing field', { ...event, reason: undefined }],
    ['a field that is not a string', { ...event, chargerId: 42 }],
    ['no object', 'charger'],
    ['null', null],
  ])('is refused with %s, as the schema refuses it', (_case, value) => {
    expect(readLiveEvent(value)).toBeUndefined();
    expect(liveEventSchema.safeParse(value).success).toBe(false);
  });
});
