export * from './smtp-sink.ts';
export * from './stripe-oauth-server.ts';
export * from './scratch-database.ts';
