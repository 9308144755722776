/**
 * `@groupsplit/config`: the process's settings (one zod schema over the environment), the secrets among them,
 * the development defaults that production refuses, and the Temporal payload keys. It imports no other package
 * of ours: every other capability reads its settings from here.
 */
export * from './config';
export { TEST_KNOBS, type TestKnob } from './config-test-knobs';
export * from './payload-keys';
export * from './secret-defaults';
export * from './secrets';
