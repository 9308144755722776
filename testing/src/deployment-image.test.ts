import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '@groupsplit/shared';

/**
 * The Dockerfile, read statically (no Docker engine is needed or assumed): its stages, what each one
 * installs and copies, and what the final image runs.
 */
const ROOT = join(__dirname, '..', '..');

type Instruction = { keyword: string; args: string };
type Stage = { name: string; from: string; instructions: Instruction[] };

function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Comment lines are dropped, also inside a continued instruction (as BuildKit does).
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    pending += `${line.replace(/\\$/, '').trim()} `;
    if (!line.endsWith('\\')) {
      logical.push(pending.trim());
      pending = '';
    }
  }
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = rest;
      stages.push({ name: as?.toUpperCase() === 'AS' ? name! : String(stages.length), from, instructions: [] });
    } else if (stages.length === 0) {
      args.push(instruction);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return { args, stages };
}

const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
const execForm = (args: string) => JSON.parse(args.replace(/^(--\S+\s+)*(CMD\s+)?/, '')) as string[];

function workspaces(): string[] {
  const patterns: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  );
}

describe('Dockerfile', () => {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const { args, stages } = parseDockerfile(text);
  const stage = (name: string) => stages.find((s) => s.name === name)!;
  const runtime = stages[stages.length - 1]!;

  it('builds in stages: manifests, build with dev dependencies, production dependencies, runtime', () => {
    expect(stages.map((s) => s.name)).toEqual(['manifests', 'build', 'production-deps', 'runtime']);
    expect(args.find((a) => a.keyword === 'ARG')?.args).toMatch(/^NODE_IMAGE=node:\d+\.\d+\.\d+-[a-z]+-slim$/);
    expect(stage('build').from).toBe('manifests');
    expect(stage('production-deps').from).toBe('manifests');
    // The runtime starts from plain node again, not from a stage with compilers and dev dependencies.
    expect(runtime.from).toBe(['$', '{NODE_IMAGE}'].join(''));
  });

  it('installs every dependency to build, and only production dependencies for the runtime', () => {
    expect(runs(stage('build'))).toContain('npm install --no-audit --no-fund');
    expect(runs(stage('build'))).toContain('npm run build');
    expect(stage('build').instructions).toContainEqual({ keyword: 'COPY', args: '. .' });
    expect(runs(stage('production-deps')).join('\n')).toMatch(/npm install --omit=dev/);
    // `npm ci` refuses this lockfile (scripts/lib/deps.mjs).
    expect(stages.flatMap(runs).join('\n')).not.toMatch(/npm ci\b/);
  });

  it('copies every workspace manifest before installing', () => {
    const copied = stage('manifests')
      .instructions.filter((i) => i.keyword === 'COPY')
      .map((i) => i.args.split(' ')[0]);
    expect(copied).toContain('package.json');
    for (const workspace of workspaces()) expect(copied).toContain(`${workspace}/package.json`);
  });

  it('runs plain node on compiled code as a non-root user, with a HEALTHCHECK', () => {
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copies).toEqual([
      '--from=production-deps /app/node_modules ./node_modules',
      '--from=build /app/dist ./dist',
      'deploy/docker/healthcheck.mjs ./healthcheck.mjs',
    ]);
    expect(runs(runtime).join('\n')).not.toMatch(/npm (install|run)/);
    expect(runtime.instructions.find((i) => i.keyword === 'ENV')?.args).toMatch(/NODE_ENV=production/);

    const user = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(user).toHaveLength(1);
    expect(user[0]).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);

    const cmd = execForm(runtime.instructions.find((i) => i.keyword === 'CMD')!.args);
    expect(cmd[0]).toBe('node');
    expect(cmd[1]).toMatch(/^dist\/.+\.js$/);
    expect(existsSync(join(ROOT, cmd[1]!.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    expect(runtime.instructions.some((i) => i.keyword === 'ENTRYPOINT')).toBe(false);
    expect(text).not.toMatch(/\btsx\b/);

    const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!;
    expect(execForm(healthcheck.args.replace(/^.*?CMD\s+/, ''))).toEqual(['node', 'healthcheck.mjs']);
  });

  it('keeps local state and build output out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.tools', '.git', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('the image HEALTHCHECK (deploy/docker/healthcheck.mjs)', () => {
  it("knows every service's entry point and its port variable, with the configuration's default port", () => {
    const script = `import('${join(ROOT, 'deploy/docker/healthcheck.mjs')}').then((m) => console.log(JSON.stringify(m.HEALTH_PORTS)))`;
    const ports = JSON.parse(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout) as Record<
      string,
      [string, number]
    >;
    const services = readdirSync(join(ROOT, 'services')).filter((name) =>
      existsSync(join(ROOT, 'services', name, 'src', 'main.ts')),
    );
    // Every service's main, and the Temporal UI's front (a server of the worker package, docs/runbook.md).
    const servers = services
      .map((name) => `services/${name}/src/main.js`)
      .concat('services/worker/src/temporal-ui-front-cli.js');
    expect(Object.keys(ports).sort()).toEqual(servers.sort());
    for (const [entry, [variable, fallback]] of Object.entries(ports)) {
      const shape = configSchema.shape as Record<string, { parse: (value: unknown) => unknown }>;
      expect([entry, shape[variable]?.parse(undefined)]).toEqual([entry, fallback]);
    }
  });

  it('counts a one-shot command as healthy', () => {
    // This test process is no server: its command names no service entry point.
    const result = spawnSync(process.execPath, [join(ROOT, 'deploy/docker/healthcheck.mjs')], {
      env: { HEALTHCHECK_PID: String(process.pid) },
    });
    expect(result.status).toBe(0);
  });
});
