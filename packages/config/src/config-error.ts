/** A setting that cannot be used; thrown at start-up, naming the variable. Kept apart from config.ts so the modules config.ts reads can throw it without importing it back. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
