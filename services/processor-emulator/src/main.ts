import { runService } from '@groupsplit/shared';
import { createEmulatorApp } from './app';
import { EMULATOR_MIGRATIONS_DIR } from './migrations';

void runService({
  name: 'processor-emulator',
  extraMigrations: [EMULATOR_MIGRATIONS_DIR],
  port: (config) => config.EMULATOR_PORT,
  host: (config) => config.EMULATOR_HOST,
  build: (runtime) => createEmulatorApp(runtime),
});
