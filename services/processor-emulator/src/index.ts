export { createEmulator, createEmulatorApp, type Emulator, type EmulatorDeps } from './app';
export { FAULT_OPERATIONS, type FaultSpec } from './faults';
export { EMULATOR_MIGRATIONS_DIR } from './migrations';
export { TEST_CARD_TABLE, TEST_CARDS, type TestCardRow, testCardDocRow } from './test-cards';
