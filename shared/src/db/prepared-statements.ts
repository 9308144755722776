import pg from 'pg';

/**
 * Named (server-side prepared) statements for the few fixed SQL texts that run once per event or per
 * request on hot paths. Postgres parses, analyses and plans a statement sent unnamed on every execution;
 * one prepared on a connection is parsed once there and, after a few executions, runs on a cached plan.
 * For the webhook dispatcher's round (a five-part CTE) that was most of Postgres's CPU per event
 * (bench/README.md, figure 4).
 *
 * A text is registered once, with its name, where it is defined; kysely passes the text unchanged to
 * `client.query(text, values)`, and the pool's client below recognises it there. Every other query is
 * sent as before.
 */
const namesByText = new Map<string, string>();

/** Registers `text` under `name` and returns the text, to be run as usual (`CompiledQuery.raw(text, values)`). */
export function preparedStatement(name: string, text: string): string {
  const known = namesByText.get(text);
  if (known && known !== name) throw new Error(`SQL text already prepared as ${known}`);
  if ([...namesByText.values()].includes(name) && known !== name) throw new Error(`Statement name ${name} is taken`);
  namesByText.set(text, name);
  return text;
}

/** A pg client that sends registered texts as named statements (pg prepares each once per connection). */
export class PreparingClient extends pg.Client {
  // pg's query has a dozen overloads: this recognises one shape (kysely's) and forwards every other as it came.
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? namesByText.get(text) : undefined;
    if (name) return (super.query as any)({ name, text, values });
    return (super.query as any)(...args);
  }
}
