import { z } from 'zod';

/**
 * Names, so people know who is asking (docs/splits.md, "Names"): what the organiser types for each
 * person of the group (and for themself), or what someone taking an open seat types for themself.
 * Trimmed, 1 to 60 characters, plain text: no control characters and
 * no invisible direction marks, since a name is shown to the group and in an e-mail's From line.
 */
export const NAME_MESSAGE = 'name must be 1 to 60 characters of plain text';
export const MAX_NAME_LENGTH = 60;

// C0 and C1 controls, and the bidirectional overrides and isolates (they reorder what is shown).
const NOT_PLAIN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/** Whether a name (already trimmed) keeps the rule. */
export const isPlainName = (name: string) => name.length > 0 && name.length <= MAX_NAME_LENGTH && !NOT_PLAIN.test(name);

/**
 * The request field of a name: optional; null is the same as leaving it out. An empty name, one too
 * long, or one with control characters is refused with NAME_MESSAGE.
 */
export const nameField = (description: string) =>
  z
    .string({ error: NAME_MESSAGE })
    .trim()
    // One check, so a name wrong in two ways is one detail.
    .refine(isPlainName, { error: NAME_MESSAGE })
    .meta({ minLength: 1, maxLength: MAX_NAME_LENGTH })
    .nullable()
    .optional()
    .meta({ description, example: 'Bea' });
