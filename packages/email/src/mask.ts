/**
 * `jane.doe@example.com` → `j***@example.com`: enough for its owner (or their friends) to
 * recognise, too little to harvest. Used wherever an address is shown to someone other than its
 * owner: team-invitation previews, a split's progress on the pay and checkout pages.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
