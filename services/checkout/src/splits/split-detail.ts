import type { SplitsRepository } from '@groupsplit/shared';
import { presentSplitDetail } from '../routes/checkout-splits/presenters';

type SplitRow = Parameters<typeof presentSplitDetail>[0];

/** `GET /api/checkout-splits/:id`'s record, also what the replace route answers with. */
export async function splitDetail(splits: SplitsRepository, split: SplitRow) {
  const [participants, refunds] = await Promise.all([splits.participantsOf(split.id), splits.refundHistory(split.id)]);
  return presentSplitDetail(split, participants, refunds);
}
