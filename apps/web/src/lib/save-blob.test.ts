import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './save-blob.ts';

describe('CSV for downloads made in the browser', () => {
  it('quotes only fields that need it and keeps every character of a password', () => {
    expect(csvField('plain-Pass_word.123')).toBe('plain-Pass_word.123');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=cmd')).toBe('=cmd');
  });

  it('writes a header and CRLF-terminated rows', () => {
    expect(
      toCsv(
        ['chargerId', 'ocppPassword'],
        [
          ['WD-1', 'x,y'],
          ['WD-2', 'z'],
        ],
      ),
    ).toBe('chargerId,ocppPassword\r\nWD-1,"x,y"\r\nWD-2,z\r\n');
  });
});
