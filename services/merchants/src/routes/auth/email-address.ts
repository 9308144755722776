/**
 * An e-mail address as sign-in reads it: trimmed, Unicode-normalised (NFC) and in lower case. It is made
 * in one place, the sign-in schemas (schema.ts), so every count, code and lookup keyed by it sees one
 * spelling of an address: `Victim@Example.com` and `victim@example.com` are one address to every limit.
 */
export type SignInAddress = string & { readonly __signInAddress: unique symbol };

export function signInAddress(raw: string): SignInAddress {
  return raw.trim().normalize('NFC').toLowerCase() as SignInAddress;
}
