export * from './envelope';
export * from './outbox';
export * from './split-event-data';
export * from './webhook-attempt';
