import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The statements a migration runs: its text without `--` and `/* *\/` comments, whitespace
 * runs outside quotes collapsed to one space. Quoted strings, quoted identifiers and
 * dollar-quoted bodies are kept byte for byte.
 */
export function migrationStatements(sql: string): string {
  let out = '';
  let i = 0;
  const space = () => {
    if (out !== '' && !out.endsWith(' ')) out += ' ';
  };
  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      space();
    } else if (char === '/' && next === '*') {
      // Postgres block comments nest.
      let depth = 0;
      do {
        if (sql.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (sql.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < sql.length);
      space();
    } else if (/\s/.test(char)) {
      i++;
      space();
    } else if (char === "'" || char === '"') {
      // '' (or "") inside is an escaped quote: the scan simply reopens the same literal.
      const end = sql.indexOf(char, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      const end = tag ? sql.indexOf(tag, i + tag.length) : -1;
      const stop = tag ? (end === -1 ? sql.length : end + tag.length) : i + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else {
      out += char;
      i++;
    }
  }
  return out.trim();
}

/** What the first runner recorded: the file's bytes. Databases migrated back then still carry it. */
export const rawChecksum = (sql: string) => sha256(sql);

/** What the runner checks now: the statements only, so rewording a comment is not a change. */
export const statementsChecksum = (sql: string) => sha256(migrationStatements(sql));
