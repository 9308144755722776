// What `docker compose config` does to docker-compose.yml, without Docker: parse (YAML merge keys
// included), interpolate the environment, and validate against the Compose Specification's JSON
// schema (vendored in testing/vendor/compose-spec.json). The deployment tests then check the result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

export type ComposeService = {
  image?: string;
  build?: string | { context: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | number | { published?: string | number; host_ip?: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  deploy?: { replicas?: number };
  healthcheck?: { test?: string | string[]; disable?: boolean };
  restart?: string;
  /** How long `docker compose stop` waits after SIGTERM before SIGKILL ("80s"; Docker's default is 10 s). */
  stop_grace_period?: string;
};

export type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

export class InterpolationError extends Error {}

// $$ | ${NAME} | ${NAME<op>text} | $NAME, with <op> one of :- - :? ? :+ +
const VARIABLE = /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Compose's variable substitution for one string (https://docs.docker.com/compose/how-tos/environment-variables/variable-interpolation/). */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(VARIABLE, (_match, dollar, braced, operator, argument = '', bare) => {
    if (dollar) return '$';
    const name: string = braced ?? bare;
    const value = env[name];
    const set = value !== undefined;
    const nonEmpty = set && value !== '';
    if ((argument as string).includes('${')) {
      throw new InterpolationError(`nested interpolation in \${${name}…} is not supported by this validator`);
    }
    switch (operator) {
      case ':-':
        return nonEmpty ? value! : argument;
      case '-':
        return set ? value! : argument;
      case ':?':
        if (!nonEmpty) throw new InterpolationError(`required variable ${name} is missing a value: ${argument}`);
        return value!;
      case '?':
        if (!set) throw new InterpolationError(`required variable ${name} is missing a value: ${argument}`);
        return value!;
      case ':+':
        return nonEmpty ? argument : '';
      case '+':
        return set ? argument : '';
      default:
        return value ?? '';
    }
  });
}

function interpolateAll(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, interpolateAll(inner, env)]));
  }
  return value;
}

const schema = (() => {
  const spec = JSON.parse(readFileSync(join(__dirname, '../../vendor/compose-spec.json'), 'utf8'));
  // Its "$schema" names draft-07 by an address Ajv does not index; Ajv's default dialect is draft-07.
  const { $schema: _dialect, ...rest } = spec;
  return new Ajv({ allErrors: true, strict: false }).compile(rest);
})();

/** Where an interpolated Compose file breaks the Compose Specification, one line per problem. */
export function composeSchemaErrors(config: unknown): string[] {
  if (schema(config)) return [];
  return (schema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** The file as Compose would use it; throws InterpolationError for a missing required variable. */
export function loadCompose(file: string, env: Record<string, string | undefined>) {
  const raw = parse(readFileSync(file, 'utf8'), { merge: true });
  const config = interpolateAll(raw, env) as ComposeFile;
  return { config, schemaErrors: composeSchemaErrors(config) };
}

/** The command as an argument list (the string form is split on spaces, as Compose does for simple commands). */
export const commandOf = (service: ComposeService) =>
  typeof service.command === 'string' ? service.command.split(/\s+/) : (service.command ?? []);

export const dependenciesOf = (service: ComposeService): Record<string, { condition?: string }> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, { condition: 'service_started' }]))
    : (service.depends_on ?? {});

/** Host ports a service publishes, with the host address they bind (empty: every address). */
export function publishedPorts(service: ComposeService): { hostIp: string; published: string }[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return { hostIp: port.host_ip ?? '', published: String(port.published ?? '') };
    const parts = String(port).split(':');
    if (parts.length === 3) return { hostIp: parts[0]!, published: parts[1]! };
    if (parts.length === 2) return { hostIp: '', published: parts[0]! };
    return { hostIp: '', published: '' };
  });
}
