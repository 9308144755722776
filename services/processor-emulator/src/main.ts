import { runService } from '@groupsplit/shared';
import { createEmulatorApp } from './app';

void runService({
  name: 'processor-emulator',
  port: (config) => config.EMULATOR_PORT,
  build: (runtime) => createEmulatorApp(runtime),
});
