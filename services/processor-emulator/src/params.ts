import { invalidParam, missingParam } from './errors';
import type { FormParams, FormValue } from './form';

/** Typed reads of form params, failing the way Stripe does. */
export function str(params: FormParams, name: string): string | undefined;
export function str(params: FormParams, name: string, required: true): string;
export function str(params: FormParams, name: string, required = false): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') {
    if (required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${JSON.stringify(value)}`);
  return value;
}

export function int(params: FormParams, name: string): number | undefined;
export function int(params: FormParams, name: string, required: true): number;
export function int(params: FormParams, name: string, required = false): number | undefined {
  const value = required ? str(params, name, true) : str(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(name, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  return Number(value);
}

export function positiveInt(params: FormParams, name: string, required = false): number | undefined {
  const value = required ? int(params, name, true) : int(params, name);
  if (value !== undefined && value < 1) {
    throw invalidParam(name, 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
  }
  return value;
}

export function bool(params: FormParams, name: string): boolean | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function obj(params: FormParams, name: string): FormParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(name, `Invalid object`);
  return value as FormParams;
}

export function strList(params: FormParams, name: string): string[] | undefined {
  const value: FormValue | undefined = params[name];
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string')) throw invalidParam(name, 'Invalid array');
  return list as string[];
}

/** `metadata[k]=v`; an empty value unsets the key (applied by mergeMetadata). */
export function metadata(params: FormParams): Record<string, string> | undefined {
  const value = obj(params, 'metadata');
  if (!value) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalidParam(`metadata[${k}]`, 'Invalid metadata value');
    if (k.length > 40) throw invalidParam('metadata', 'Metadata keys can be at most 40 characters long.');
    if (v.length > 500) throw invalidParam('metadata', 'Metadata values can be at most 500 characters long.');
    out[k] = v;
  }
  if (Object.keys(out).length > 50) throw invalidParam('metadata', 'Metadata can have at most 50 keys.');
  return out;
}

export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | undefined) {
  if (!update) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export const expandList = (params: FormParams) => strList(params, 'expand') ?? [];

export function oneOf<T extends string>(params: FormParams, name: string, allowed: readonly T[]): T | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParam(name, `Invalid ${name}: must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** A list call's `limit`, as Stripe takes it: 10 unless asked, from 1 to 100. */
export const listLimit = (params: FormParams): number => Math.min(Math.max(int(params, 'limit') ?? 10, 1), 100);
