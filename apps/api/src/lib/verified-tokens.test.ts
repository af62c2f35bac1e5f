import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.ts';

describe('verified tokens', () => {
  it('serves a token until its exp, inclusive, and never after', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens<string>(10, () => now);
    tokens.remember('token-a', 'claims of a', 1_060);
    expect(tokens.get('token-a')).toBe('claims of a');
    now = 1_060_000;
    expect(tokens.get('token-a')).toBe('claims of a');
    now = 1_060_001;
    expect(tokens.get('token-a')).toBeUndefined();
    // Gone for good: an expired token is verified (and refused) again, not served from a stale entry.
    now = 1_000_000;
    expect(tokens.get('token-a')).toBeUndefined();
  });

  it('keys by the whole token and lets the oldest go past its capacity', () => {
    const tokens = new VerifiedTokens<string>(2, () => 0);
    tokens.remember('header.payload.signature-1', 'first', 60);
    expect(tokens.get('header.payload.signature-2')).toBeUndefined();
    tokens.remember('header.payload.signature-2', 'second', 60);
    tokens.remember('header.payload.signature-3', 'third', 60);
    expect(tokens.get('header.payload.signature-1')).toBeUndefined();
    expect(tokens.get('header.payload.signature-2')).toBe('second');
    expect(tokens.get('header.payload.signature-3')).toBe('third');
  });
});
