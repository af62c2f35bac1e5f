export * from './smtp-sink.ts';
export * from './stripe-oauth-server.ts';
export * from './scratch-database.ts';
export * from './product-process.ts';
export * from './s3-server.ts';
