export * from './card-label';
