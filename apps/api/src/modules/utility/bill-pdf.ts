/** A PDF starts with `%PDF-` (ISO 32000, 7.5.2); the name and the declared type prove nothing. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
