export { createEmulatorApp, type EmulatorDeps } from './app';
