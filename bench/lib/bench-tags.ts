/** The OCPP bench's drivers: how many, and the RFID tag of each (seeded by seed-drivers.ts). */
export const BENCH_DRIVERS = 100_000;
export const benchDriverTag = (index: number) => `BD${String(index + 1).padStart(6, '0')}`;

/** Nine in ten are drivers' tags (most not cached yet), one in ten a tag no driver has. */
export const randomBenchTag = () =>
  Math.random() < 0.9 ? benchDriverTag(Math.floor(Math.random() * BENCH_DRIVERS)) : `BX${Math.floor(Math.random() * 1e9)}`;
