import { describe, expect, it } from 'vitest';
import '../zod-messages.ts';
import { CHARGER_EVENT_KINDS, chargerLogExportQuerySchema, chargerLogQuerySchema } from './charger-log.ts';

const locationId = '5b7c1d7e-9a53-4d2b-8a8e-0b1f3a9c2d11';
const messages = (input: unknown) => {
  const parsed = chargerLogQuerySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('charger log queries', () => {
  it('needs only the location; pages by default; an empty search is no search', () => {
    expect(chargerLogQuerySchema.parse({ locationId, search: '  ' })).toEqual({ locationId, page: 1, pageSize: 25, search: undefined });
    expect(chargerLogExportQuerySchema.parse({ locationId, kind: 'data-transfer', from: '2026-11-01', to: '2026-11-01' })).toMatchObject({
      kind: 'data-transfer',
    });
  });

  it('words its failures for the screen', () => {
    expect(messages({})).toEqual(['Location id Field is required']);
    expect(messages({ locationId, kind: 'reboot' })).toEqual([`Kind must be one of ${CHARGER_EVENT_KINDS.join(', ')}`]);
    expect(messages({ locationId, from: '1 Nov', to: '2026-13-01' })).toEqual(['From must be a date (YYYY-MM-DD)', 'To must be a date (YYYY-MM-DD)']);
    expect(messages({ locationId, from: '2026-11-02', to: '2026-11-01' })).toEqual(['From must be before To']);
    expect(messages({ locationId, search: 'x'.repeat(101) })).toEqual(['Search must be at most 100 characters']);
  });
});
