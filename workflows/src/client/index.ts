/**
 * `@groupsplit/workflows/client`: what a process outside the worker uses to start workflows
 * and create schedules, always through the typed workflow functions (never a name string).
 * Node code only: the workflow bundle (`../index.ts`) never imports this folder.
 */
export * from './email';
export * from './schedules';
export * from './sessions';
export * from './split';
export * from './task-retrying';
export * from './webhooks';
