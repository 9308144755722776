import { formatPounds, html, maskEmail, type ParticipantsRepository } from '@groupsplit/shared';
import { pageLayout } from '../../pages/shared/components';

type CoveredShare = NonNullable<Awaited<ReturnType<ParticipantsRepository['coveredShare']>>>;

/**
 * What a covered person's old pay link shows (docs/splits.md, "Covering a share"): they need not pay,
 * nothing was taken, and who covers the share. No form: the link takes no hold any more.
 */
export function renderCoveredPage(share: CoveredShare): string {
  const organiser = share.session_context?.organiser_name ?? share.name ?? maskEmail(share.email);
  return pageLayout(
    `You don't need to pay for ${share.order_reference}`,
    html`<section class="panel" id="pay-status" data-state="covered">
<h1>You don't need to pay</h1>
<p>${organiser} is covering your £${formatPounds(share.amount)} share of ${share.order_reference} at ${share.business_name}.</p>
<p>Nothing was taken from your card, and this link no longer takes a payment. There is nothing more for you to do.</p>
</section>`,
  );
}
