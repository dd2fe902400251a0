export * from './errors.ts';
export * from './limits.ts';
export * from './api/account.ts';
export * from './validation/index.ts';
export * from './api/events.ts';
export * from './signaling.ts';
export * from './api/signal.ts';
export * from './api/storage.ts';
