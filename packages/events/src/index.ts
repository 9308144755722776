export * from './envelope';
export * from './outbox';
export * from './schemas';
export * from './split-event-data';
export * from './webhook-attempt';
