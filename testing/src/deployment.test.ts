import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '@groupsplit/shared';

const ROOT = join(__dirname, '..', '..');

describe('docker-compose.yml', () => {
  const [program, ...leading] = JSON.parse(process.env.DOCKER_COMPOSE_COMMAND ?? '["docker","compose"]') as string[];
  const compose = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(program!, [...leading, '-f', join(ROOT, 'docker-compose.yml'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  const secrets = { INTERNAL_SIGNING_SECRET: 'a-long-internal-secret', ENCRYPTION_KEY: 'ab'.repeat(32) };

  it('passes `docker compose config`', () => {
    const result = compose(['config', '--quiet'], secrets);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to render without the production secrets', () => {
    const result = compose(['config', '--quiet'], { INTERNAL_SIGNING_SECRET: '', ENCRYPTION_KEY: '' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/INTERNAL_SIGNING_SECRET|ENCRYPTION_KEY/);
  });

  it('publishes only the gateway and the operator UIs, and keeps private webhook targets off', () => {
    const result = compose(['config', '--format', 'json'], secrets);
    const config = JSON.parse(result.stdout) as {
      services: Record<string, { ports?: { published?: string }[]; environment?: Record<string, string> }>;
    };
    const published = Object.entries(config.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name)
      .sort();
    expect(published).toEqual(['gateway', 'mailpit', 'temporal-ui']);
    expect(config.services.gateway?.environment?.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe('false');
    for (const name of [
      'postgres',
      'temporal',
      'temporal-ui',
      'mailpit',
      'gateway',
      'merchants',
      'checkout',
      'worker',
      'processor-emulator',
    ]) {
      expect(config.services[name]).toBeDefined();
    }
  });
});

describe('README', () => {
  it('documents every configuration variable', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const missing = Object.keys(configSchema.shape).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
