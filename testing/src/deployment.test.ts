import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema, loadConfig, PUBLIC_SECRET_VALUES } from '@groupsplit/shared';
import {
  type ComposeService,
  commandOf,
  composeSchemaErrors,
  dependenciesOf,
  InterpolationError,
  loadCompose,
  publishedPorts,
} from './deployment/compose';

const ROOT = join(__dirname, '..', '..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const SECRETS = {
  POSTGRES_PASSWORD: 'a-postgres-password',
  INTERNAL_SIGNING_SECRET: 'a-long-internal-secret',
  ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_TEST_SECRET_KEY: 'sk_test_operator',
  STRIPE_LIVE_SECRET_KEY: 'sk_live_operator',
  STRIPE_TEST_WEBHOOK_SECRET: 'whsec_test_operator',
  STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_operator',
  TEMPORAL_PAYLOAD_KEYS: `ops-1:${Buffer.alloc(32, 9).toString('base64')}`,
  TEMPORAL_CODEC_TOKEN: 'an-operator-chosen-codec-token',
};

/** The groupsplit processes: every service built from this repository's Dockerfile. */
const appServices = (services: Record<string, ComposeService>) =>
  Object.entries(services).filter(([, service]) => service.build !== undefined);

/** A source file for `dist/<path>.js`: the build compiles `<path>.ts` there (scripts/build.mjs). */
const sourceOf = (entry: string) => join(ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

describe('docker-compose.yml', () => {
  const { config, schemaErrors } = loadCompose(COMPOSE_FILE, SECRETS);
  const { services } = config;

  it('is valid against the Compose Specification schema', () => {
    expect(schemaErrors).toEqual([]);
  });

  it.each([
    ['a misspelt key', (c: any) => Object.assign(c.services.worker.deploy, { replica: 2 })],
    ['a list where a string belongs', (c: any) => (c.services.worker.restart = ['always'])],
    [
      'a depends_on condition Compose does not know',
      (c: any) => (c.services.gateway.depends_on.migrate.condition = 'done'),
    ],
    ['a duration without its unit', (c: any) => (c.services.postgres.healthcheck.interval = 5)],
  ])('rejects %s, as `docker compose config` would', (_what, mutate) => {
    const broken = structuredClone(config);
    mutate(broken);
    expect(composeSchemaErrors(broken)).not.toEqual([]);
  });

  it.each(Object.keys(SECRETS))('refuses to render without %s', (name) => {
    const env: Record<string, string> = { ...SECRETS, [name]: '' };
    expect(() => loadCompose(COMPOSE_FILE, env)).toThrow(InterpolationError);
    expect(() => loadCompose(COMPOSE_FILE, env)).toThrow(new RegExp(name));
  });

  it("publishes only the gateway and the operator UIs (with the workers' codec endpoint), those on loopback only", () => {
    const published = Object.entries(services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name)
      .sort();
    expect(published).toEqual(['gateway', 'mailpit', 'temporal-ui-front', 'worker']);
    for (const name of ['mailpit', 'temporal-ui-front', 'worker']) {
      expect(publishedPorts(services[name]!).map((port) => port.hostIp)).toEqual(['127.0.0.1']);
    }
  });

  it('supplies no public secret: each comes from the operator, and every process listens off loopback', () => {
    const publicValues = Object.values(PUBLIC_SECRET_VALUES).flat() as string[];
    for (const [name, service] of appServices(services)) {
      const environment = service.environment ?? {};
      const leaked = Object.entries(environment).filter(([, value]) => publicValues.includes(String(value)));
      expect([name, leaked]).toEqual([name, []]);
      for (const secret of Object.keys(PUBLIC_SECRET_VALUES)) {
        expect([name, secret, environment[secret]]).toEqual([name, secret, SECRETS[secret as keyof typeof SECRETS]]);
      }
      for (const host of ['MERCHANTS_HOST', 'CHECKOUT_HOST', 'EMULATOR_HOST', 'WORKER_METRICS_HOST']) {
        expect([name, host, environment[host]]).toEqual([name, host, '0.0.0.0']);
      }
    }
  });

  it("hands the Temporal UI a codec endpoint without the token: the UI's front adds it", () => {
    const ui = services['temporal-ui']!;
    const endpoint = String(ui.environment?.TEMPORAL_CODEC_ENDPOINT);
    expect(endpoint).toBe('http://localhost:8233/codec');
    expect(JSON.stringify(ui)).not.toContain(SECRETS.TEMPORAL_CODEC_TOKEN);
    expect(ui.ports ?? []).toEqual([]);
    const front = services['temporal-ui-front']!;
    expect(commandOf(front)).toEqual(['node', 'dist/services/worker/src/temporal-ui-front-cli.js']);
    expect(front.environment).toMatchObject({
      TEMPORAL_UI_UPSTREAM_URL: 'http://temporal-ui:8080',
      TEMPORAL_CODEC_UPSTREAM_URL: 'http://worker:3020',
      TEMPORAL_CODEC_TOKEN: SECRETS.TEMPORAL_CODEC_TOKEN,
    });
    expect(publishedPorts(front).map((port) => `${port.hostIp}:${port.published}`)).toEqual([
      `127.0.0.1:${new URL(endpoint).port}`,
    ]);
  });

  it("gives every groupsplit process an environment production's configuration checks accept", () => {
    for (const [name, service] of appServices(services)) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value ?? '')]),
      );
      let problem = '';
      try {
        loadConfig(env);
      } catch (error) {
        problem = (error as Error).message;
      }
      expect([name, problem]).toEqual([name, '']);
    }
  });

  it('runs every groupsplit process in production mode with private webhook targets off', () => {
    for (const [name, service] of appServices(services)) {
      expect([name, service.environment?.NODE_ENV]).toEqual([name, 'production']);
      expect([name, service.environment?.ALLOW_PRIVATE_WEBHOOK_TARGETS]).toEqual([name, 'false']);
    }
    expect(services.gateway?.environment?.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe('false');
  });

  it('has every part of the system', () => {
    for (const name of [
      'postgres',
      'temporal-schema',
      'temporal',
      'temporal-setup',
      'temporal-ui',
      'mailpit',
      'migrate',
      'gateway',
      'merchants',
      'checkout',
      'worker',
      'processor-emulator',
    ]) {
      expect([name, services[name] !== undefined]).toEqual([name, true]);
    }
  });

  it('sets Temporal up as for production: a temporal-sql-tool schema job, then the server, then the UI', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.image ?? '']).not.toEqual([name, expect.stringContaining('auto-setup')]);
    }
    const schemaJob = services['temporal-schema']!;
    expect(schemaJob.image).toMatch(/^temporalio\/admin-tools:/);
    const script = commandOf(schemaJob).join(' ');
    const mounted = (schemaJob.volumes ?? []).map(String).find((volume) => volume.endsWith(`:${script}:ro`));
    expect(mounted).toBeDefined();
    const scriptText = readFileSync(join(ROOT, mounted!.split(':')[0]!), 'utf8');
    expect(scriptText).toMatch(/temporal-sql-tool/);
    for (const step of ['setup-schema', 'update-schema', 'temporal_visibility']) expect(scriptText).toContain(step);

    const server = services.temporal!;
    expect(server.image).toMatch(/^temporalio\/server:/);
    expect(dependenciesOf(server)['temporal-schema']?.condition).toBe('service_completed_successfully');
    expect(dependenciesOf(services['temporal-ui']!).temporal).toBeDefined();
    expect(dependenciesOf(services['temporal-setup']!).temporal?.condition).toBe('service_healthy');
  });

  it('runs every groupsplit process from the one image, with plain node and a compiled entry point', () => {
    const apps = appServices(services);
    expect(apps.length).toBeGreaterThanOrEqual(7);
    expect(new Set(apps.map(([, service]) => service.image)).size).toBe(1);
    for (const [name, service] of apps) {
      const [program, entry, ...rest] = commandOf(service);
      expect([name, program, rest]).toEqual([name, 'node', []]);
      expect([name, entry]).toEqual([name, expect.stringMatching(/^dist\/.+\.js$/)]);
      expect([name, existsSync(sourceOf(entry!))]).toEqual([name, true]);
      expect(JSON.stringify(service)).not.toMatch(/\btsx\b/);
    }
  });

  it('gives every HTTP service longer than its drain bound to stop, and the bound longer than any wait it answers', () => {
    const defaults = configSchema.parse({});
    const drainMs = defaults.SHUTDOWN_DRAIN_MS;
    // The drain outlasts the longest a route waits before answering (docs/deploy.md, "Restarts drain").
    const waits = (['REFUND_ANSWER_WAIT_MS', 'WORKFLOW_TASK_RETRY_WAIT_MS', 'CANCEL_ANSWER_WAIT_MS'] as const).filter(
      (wait) => defaults[wait] >= drainMs,
    );
    expect(waits).toEqual([]);
    const tooShort = ['gateway', 'merchants', 'checkout'].filter((name) => {
      const grace = /^(\d+)s$/.exec(services[name]?.stop_grace_period ?? '10s');
      return !(Number(grace?.[1]) * 1000 > drainMs);
    });
    expect(tooShort).toEqual([]);
  });

  it('runs the stateless services as several replicas', () => {
    for (const name of ['merchants', 'checkout', 'worker']) {
      expect([name, services[name]?.deploy?.replicas ?? 1]).toEqual([name, expect.any(Number)]);
      expect(services[name]!.deploy!.replicas!).toBeGreaterThanOrEqual(2);
    }
  });

  it('refers only to services, volumes and files that exist, waiting on conditions they can meet', () => {
    const declaredVolumes = Object.keys(config.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(dependenciesOf(service))) {
        const target = services[dependency];
        expect([name, dependency, target !== undefined]).toEqual([name, dependency, true]);
        if (condition === 'service_completed_successfully') {
          // A one-shot job: it must be allowed to stop, not be restarted forever.
          expect([dependency, target!.restart]).toEqual([
            dependency,
            expect.stringMatching(/^(no|on-failure(:\d+)?)$/),
          ]);
        }
        if (condition === 'service_healthy') {
          // The groupsplit image brings its own HEALTHCHECK (Dockerfile); others need one here.
          expect([dependency, target!.healthcheck !== undefined || target!.build !== undefined]).toEqual([
            dependency,
            true,
          ]);
        }
      }
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '');
        if (source.startsWith('.') || source.startsWith('/')) {
          expect([name, source, existsSync(join(ROOT, source))]).toEqual([name, source, true]);
        } else {
          expect([name, source, declaredVolumes.includes(source)]).toEqual([name, source, true]);
        }
      }
    }
  });

  it('pins every image it pulls to a version', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build !== undefined) continue;
      expect([name, service.image]).toEqual([name, expect.stringMatching(/^[\w./-]+:[\w.-]*\d[\w.-]*$/)]);
      expect(service.image).not.toMatch(/:latest$/);
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
