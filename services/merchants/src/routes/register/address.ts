import type { AddressParts } from './schema';

export const DEFAULT_COUNTRY = 'United Kingdom';

/** Every business is in the UK, so a missing country part is filled in rather than refused. */
export function normaliseAddressParts(parts: AddressParts): AddressParts {
  return { ...parts, country: parts.country ?? DEFAULT_COUNTRY };
}

/** The one-line address, re-derived from the parts so the two never disagree. */
export function addressText(parts: AddressParts): string {
  return [parts.line1, parts.line2, parts.city, parts.county, parts.postcode, parts.country]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}
