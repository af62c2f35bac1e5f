export * from './types.ts';
export * from './money.ts';
export * from './local-time.ts';
export * from './periods.ts';
export * from './idle.ts';
export * from './engine.ts';
