export * from './envelope';
export * from './outbox';
export * from './schemas';
export * from './split-event-data';
export * from './webhook-attempt';
export * from './webhook-settings';
export * from './webhook-signature';
export * from './webhooks-openapi';
