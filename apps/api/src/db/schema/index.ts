export * from './users.ts';
export * from './locations.ts';
export * from './auth.ts';
export * from './activity.ts';
export * from './agreements.ts';
export * from './system-events.ts';
export * from './payments.ts';
export * from './charging.ts';
