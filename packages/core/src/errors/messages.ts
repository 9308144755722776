/**
 * The spec's error messages, word for word (docs/spec.md, "Errors"), in one table. Routes
 * throw them through the factories in ./factories.ts; tests quote them as literal strings, so
 * a change here that a test does not expect fails loudly. Messages for cases the spec leaves
 * open live next to the route that owns them.
 */
export const MESSAGES = {
  // Authentication (gateway)
  invalidApiKey: 'Invalid API Key',
  unauthorized: 'Unauthorized',
  missingAuthorization: 'Missing or invalid Authorization header',
  invalidToken: 'Invalid token',
  consentRequired: 'Consent required',

  // Businesses and roles
  noMerchant: 'No merchant for this user',
  registerFirst: 'Register a merchant first',
  selectionRequired: 'This login belongs to more than one business: send x-service-merchant-id to choose one',
  paused: 'This business is paused: the workspace is read-only until it is unpaused.',
  roleForbidden: 'Your role does not allow this action.',

  // Splits
  notFound: 'Not found',
  merchantNotFound: 'Merchant not found',
  notYourMerchant: 'Not your merchant',
  forbidden: 'Forbidden',
  cancelForbidden: 'Only the creator or the merchant can cancel',
  /** Ours (merchant accept): the merchant's team only, never the buyer who created the order. */
  acceptForbidden: 'Only the merchant can accept this order',
  refundForbidden: 'Only the creator or the merchant can refund',
  validationFailed: 'Validation failed',
  participantRow: 'Each participant needs an email and a positive integer amountMinor',
  minShare: 'Each share must be at least £1.',
  noParticipants: 'A checkout split needs at least one participant',
  noProcessorAccount: 'Merchant has no payment processor connected account',
  onlyCapturedRefund: 'Only a captured split can be refunded',
  splitVanished: 'Checkout split not found',
  alreadySplit: 'This checkout already has a split.',

  // Hosted checkout sessions
  onlyGbp: 'Only gbp is supported',
  sessionAmount: 'amount must be between £1 and £5000',
  returnUrl: 'return_url must be https and match your allowed return domain',
  cancelUrl: 'cancel_url must be https and match your allowed return domain',
  finishOnboarding: 'Finish payment processor onboarding before accepting checkouts',

  // Rate limits
  sessionRateLimited: 'Too many checkout session requests. Please slow down.',
  sensitiveRateLimited: 'Too many requests. Please try again later.',
  publicRateLimited: 'Too many requests. Please try again shortly.',

  // Registration and settings
  registrationInvalid: 'Complete the required business details',
  connectFirst: 'Connect the payment processor first.',
  invalidWebhookUrl: (reason: string) => `Invalid webhook_url: ${reason}`,
  onboardingStartFailed: 'Could not start payment processor onboarding',
  onboardingRefreshFailed: 'Could not refresh payment processor onboarding link',

  // Team
  invalidInvite: 'Enter a valid email and role.',
  cannotGrant: 'You cannot grant that role.',
  alreadyMember: 'That person is already a team member.',
  invitePending: 'An invitation is already pending for this email.',
  inviteEmailFailed: 'The invitation email could not be sent. Please try again.',
  pendingInviteNotFound: 'Pending invitation not found.',
  wrongInvitee: (email: string) => `This invitation was sent to ${email}. Sign in with that email to accept it.`,
  inviteUsed: 'This invitation has already been used or cancelled.',
  inviteInvalid: 'This invitation is invalid or has expired.',
  cannotChangeRole: "You cannot change this team member's role.",
  cannotRemoveSelf: 'You cannot remove your own access here.',
  onlyOwnerTransfers: 'Only the owner can transfer ownership.',
  confirmationMismatch: 'Enter the business name exactly to confirm the transfer.',
  chooseAnotherMember: 'Choose another current team member.',
  ownershipChanged: 'Ownership changed while you were confirming. Reload and try again.',

  // Anything else
  unhandled: 'Something went wrong!',
} as const;
