/**
 * What the split workflow's Updates and signals carry and answer (the definitions are at the top of
 * workflow.ts). Plain JSON only: amounts in pence, timestamps as ISO strings.
 */
import type { SplitStatus } from './statuses';

/** Who asked for something: `user:<id>`, `api_key:<id>`, `processor`, `expiry`, `support:<name>`, `system`. */
export type Actor = string;

// ---- createSplit and participantAuthorised (creation.ts, capture.ts) -------------------------------

export type CreateSplitOutcome =
  | { status: 'pending'; splitId: string; authorizationExpiresAt: string }
  | { status: 'creation_failed'; splitId: string; error: string };

export type ParticipantAuthorised = {
  participantId: string;
  /** `pay_step` or `processor_webhook`. */
  source: string;
};

// ---- cancelSplit, as an Update or a signal (cancel.ts) ---------------------------------------------

export type CancelRequest = { actor: Actor };
export type CancelOutcome = { status: SplitStatus; changed: boolean };

// ---- acceptSplit (merchant-accept.ts) --------------------------------------------------------------

/** The acceptSplit update (merchant-accept.ts): `api_key:<id>` or `user:<id>`. */
export type AcceptRequest = { actor: Actor };
/** The split's status once the accepted capture finished (`captured`, `capture_failed`), or 30 s passed. */
export type AcceptOutcome = { status: SplitStatus };

// ---- replaceParticipant (replace.ts) ---------------------------------------------------------------

/** Hand a pending participant's share to someone else (the replaceParticipant update). */
export type ReplaceRequest = {
  participantId: string;
  /** The new person's address, already validated by the caller. */
  email: string;
  /** Their name (docs/splits.md, "Names"); absent or null: none, and the replaced person's name goes. */
  name?: string | null;
  actor: Actor;
  /** Set when the organiser covers the share themself (cover.ts): `email` is theirs. */
  cover?: CoverDetails;
};
/** The replacement that was made: the participant keeps its id and share; `replacement` numbers it. */
export type ReplaceOutcome = { participantId: string; replacement: number; paymentIntentId: string };

// ---- claimSeat (seats.ts) --------------------------------------------------------------------------

/** Take an open seat (the claimSeat update): from the group link, or the buyer filling it by e-mail. */
export type ClaimSeatRequest = {
  seatId: string;
  /** The new participant's address, already validated by the caller. */
  email: string;
  /** The name they gave (docs/splits.md, "Names"), already validated by the caller; absent or null: none. */
  name?: string | null;
  /** `user:<id>`: the joiner, or the buyer who filled the seat. */
  actor: Actor;
  /** Set when the organiser takes the seat themself (cover.ts): their address may already be in the split. */
  cover?: CoverDetails;
};
/** The claim that was made: the seat's new participant and its hold. */
export type ClaimSeatOutcome = { seatId: string; participantId: string; paymentIntentId: string };

// ---- coverShare (cover.ts) -------------------------------------------------------------------------

/** What a cover adds to a replace or a seat claim: the organiser's name, written on the share they take. */
export type CoverDetails = { name: string | null };
/** Covering a share (cover.ts): the organiser takes a pending participant's share or an open seat. */
export type CoverRequest = {
  /** A pending participant's id, or an open seat's. */
  targetId: string;
  /** The organiser's address and name, as checkout read them. */
  email: string;
  name: string | null;
  actor: Actor;
};
/** The share the organiser now holds: the participant (the seat's new one, for a seat) and its new hold. */
export type CoverOutcome = { participantId: string; seatId: string | null; paymentIntentId: string };

// ---- supportRetry, supportCompensate, supportResolve: Updates and signals (support.ts) -------------

/** Support's three answers to a stuck split. */
export type SupportKind = 'retry' | 'compensate' | 'resolve';

export type SupportAction = { actor: Actor; reason: string };
export type SupportResolution = SupportAction & {
  /** Final status to record; defaults to capture_failed from capturing and canceled from canceling. */
  status?: 'captured' | 'capture_failed' | 'canceled';
};

/** What a support Update answers once the workflow has taken the action (and written its audit row). */
export type SupportOutcome = {
  accepted: true;
  action: SupportKind;
  /** `support:<name>`, as recorded. */
  actor: Actor;
  /** Where the split was waiting. */
  stage: 'capturing' | 'canceling';
};

/** A support signal the workflow refused (the `state` query's `support_refusals`); it changed nothing. */
export type SupportRefusal = {
  at: string;
  action: SupportKind;
  /** As sent; null when missing or blank. */
  actor: Actor | null;
  reason: string | null;
  /** Why it was refused: the same words a refused Update answers with. */
  why: string;
};
