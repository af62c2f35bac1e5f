import { describe, expect, it } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { keepPreviousWithinLocation } from './keep-previous-within-location.ts';

describe('keepPreviousWithinLocation', () => {
  const page = { items: ['Bay 5 of Lake Merritt'] };
  const listOf = (locationId: string | undefined) => ({ queryKey: queryKeys.chargers.list({ locationId, page: 1 }) });

  it('keeps the previous page while another page or filter of the same location loads', () => {
    expect(keepPreviousWithinLocation('lake')(page, listOf('lake'))).toBe(page);
    expect(keepPreviousWithinLocation(undefined)(page, listOf(undefined))).toBe(page);
  });

  it('shows nothing of another location (or of all locations) under a newly chosen one', () => {
    expect(keepPreviousWithinLocation('lake')(page, listOf(undefined))).toBeUndefined();
    expect(keepPreviousWithinLocation('lake')(page, listOf('mission'))).toBeUndefined();
    expect(keepPreviousWithinLocation(undefined)(page, listOf('lake'))).toBeUndefined();
  });
});
