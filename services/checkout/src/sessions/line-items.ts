import { formatPounds } from '@groupsplit/shared';
import { imageUrl, type SessionRow } from './session-state';

/** The order's lines as payers and the merchant see them, each picture served from our own copy. */
export function presentLineItems(lines: SessionRow['line_items'], baseUrl: string) {
  return lines.map((line) => ({
    description: line.description,
    amount: formatPounds(line.amount),
    quantity: line.quantity,
    image_url: line.image_id ? imageUrl(baseUrl, line.image_id) : null,
  }));
}
