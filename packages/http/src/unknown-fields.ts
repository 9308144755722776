import type { ErrorDetail } from '@groupsplit/core';
import type { z } from 'zod';

/**
 * Strict input (docs/errors.md, "Unknown fields"): a body or query field no schema declares is
 * refused rather than silently dropped, because a misspelt optional field (`retrun_url`,
 * `cancle_url`) would otherwise be ignored and the call would "work" without it. The route's zod
 * schema is the list of what is known, so nothing here names a field.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  discriminator?: string;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose value is checked by the schema they wrap. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

type Unknown = { path: string[]; key: string; known: string[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of `value` (at any depth) that `schema` does not declare, each with its siblings' known names. */
function unknownKeys(schema: z.ZodType, value: unknown, path: string[]): Unknown[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return unknownKeys(def.innerType!, value, path);
  if (def.type === 'lazy') return unknownKeys(def.getter!(), value, path);
  // A pipe checks its input side; z.preprocess's input side is the function, so its output side then.
  if (def.type === 'pipe') return unknownKeys(defOf(def.in!).type === 'transform' ? def.out! : def.in!, value, path);
  if (def.type === 'array') {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, index) => unknownKeys(def.element!, item, [...path, String(index)]));
  }
  if (def.type === 'union') {
    // A discriminated union is read as the option its discriminator picks; another union as the
    // option the value fits best (none unknown if any option knows every key).
    const picked = def.discriminator && isPlainObject(value) ? pickOption(def, value) : undefined;
    if (picked) return unknownKeys(picked, value, path);
    const perOption = def.options!.map((option) => unknownKeys(option, value, path));
    return perOption.reduce((best, found) => (found.length < best.length ? found : best));
  }
  if (def.type === 'intersection') {
    const right = unknownKeys(def.right!, value, path);
    return unknownKeys(def.left!, value, path).filter((u) => right.some((r) => r.path.join('.') === u.path.join('.')));
  }
  if (def.type !== 'object' || !isPlainObject(value)) return [];
  const shape = def.shape!;
  const known = Object.keys(shape);
  // z.looseObject / .catchall(): other keys are part of the contract (anything but z.strictObject's never).
  const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
  const found: Unknown[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (Object.hasOwn(shape, key)) found.push(...unknownKeys(shape[key]!, child, [...path, key]));
    else if (!open) found.push({ path: [...path, key], key, known });
  }
  return found;
}

/** The option of a discriminated union whose discriminator accepts the value's, if one does. */
function pickOption(def: Def, value: Record<string, unknown>): z.ZodType | undefined {
  const key = def.discriminator!;
  return def.options!.find((option) => {
    const field = defOf(option).shape?.[key];
    return field?.safeParse(value[key]).success;
  });
}

/** Edit distance with adjacent transpositions (`retrun` → `return` is one edit). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** `returnUrl`, `RETURN-URL` and `return_url` are the same name to a reader. */
const folded = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/**
 * The known name `key` was most likely meant to be, or null when none is close: the same name but
 * for case and separators, else the nearest within a third of its length (at least one edit).
 */
export function closestName(key: string, known: string[]): string | null {
  const sameFolded = known.find((name) => folded(name) === folded(key));
  if (sameFolded) return sameFolded;
  const allowed = Math.max(1, Math.floor(key.length / 3));
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (distance <= allowed && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

const UNKNOWN_LABEL = { body: 'field', query: 'query parameter' } as const;

/** One detail per field `schema` does not declare: "Unknown field retrun_url. Did you mean return_url?". */
export function unknownFieldDetails(schema: z.ZodType, value: unknown, part: 'body' | 'query'): ErrorDetail[] {
  return unknownKeys(schema, value, []).map(({ path, key, known }) => {
    const field = path.join('.');
    const suggestion = closestName(key, known);
    return {
      field,
      message: `Unknown ${UNKNOWN_LABEL[part]} ${key}.${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
    };
  });
}
