import {
  type ClaimedFirstAttempt,
  type Config,
  createMailTransport,
  EmailsRepository,
  emailsSent,
  type FirstAttemptOutcome,
  type MailTransport,
  renderEmail,
  sendRenderedEmail,
} from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';

export type FirstAttemptDeps = Pick<CheckoutDeps, 'config' | 'db' | 'logger' | 'temporal'> & {
  /** SMTP for the first attempt; the configured server unless a test gives another. */
  transport?: MailTransport;
};

/**
 * The creator's answer waits on the first attempt, so a slow or stuck relay gives up quickly and the
 * e-mail goes to its retrying workflow instead (at most about 16 s added to a create, not a minute).
 * It must also end well inside the sweep's lease (EMAIL_FIRST_ATTEMPT_LEASE_MS in the workflows
 * package), or the sweep could hand over an e-mail whose send is still under way.
 */
const FIRST_ATTEMPT_TIMEOUTS = { connectionTimeout: 3_000, greetingTimeout: 3_000, socketTimeout: 10_000 };

const transports = new WeakMap<Config, MailTransport>();
function firstAttemptTransport(config: Config): MailTransport {
  let transport = transports.get(config);
  if (!transport) {
    transport = createMailTransport(config, FIRST_ATTEMPT_TIMEOUTS);
    transports.set(config, transport);
  }
  return transport;
}

type Claimed = ClaimedFirstAttempt;

/**
 * Claims each e-mail id for a first attempt, in one statement: a row per id not seen before (here or
 * by the e-mail workflow), `suppressed` at once for participant mail to an address that unsubscribed.
 * Only ids returned as `sending` are this call's to send, so an id is attempted once.
 */
export async function claimFirstAttempts(db: CheckoutDeps['db'], requests: EmailRequest[]): Promise<Claimed[]> {
  return new EmailsRepository(db).claimFirstAttempts(
    requests.map((r) => ({ id: r.id, to: r.to, request: r, participant: r.category === 'participant' })),
  );
}

type Outcome = FirstAttemptOutcome;

/** Records how each attempt ended, in one statement. */
async function record(db: CheckoutDeps['db'], outcomes: Outcome[]) {
  await new EmailsRepository(db).recordFirstAttempts(outcomes);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends e-mails now, from this process, with the retrying e-mail workflow as the fallback: most
 * sends succeed at once, and then no workflow runs at all (a workflow start, two workflow tasks and
 * an activity less per e-mail). An e-mail whose attempt fails is handed to its workflow
 * (`email:<id>`, the same path `sendEmail` takes), which retries with backoff. If this process dies
 * after the claim and before the outcome is recorded, the row stays `sending` and the every-minute
 * sweep hands it over once the lease has passed. Same e-mail, same id, same template and recipients
 * as the workflow path; unsubscribed participants get nothing. Never throws: a lost e-mail must not
 * fail what caused it, so trouble is logged.
 */
export async function sendEmailsNow(deps: FirstAttemptDeps, requests: EmailRequest[]): Promise<void> {
  if (requests.length === 0) return;
  const { config, db, logger } = deps;
  const transport = deps.transport ?? firstAttemptTransport(config);
  let claimed: Claimed[];
  try {
    claimed = await claimFirstAttempts(db, requests);
  } catch (error) {
    // Nothing recorded: hand every e-mail to its workflow rather than lose it.
    logger.warn({ err: error }, 'e-mail first attempt could not be claimed; handing over to the workflow');
    await Promise.all(requests.map((request) => handOver(deps, request)));
    return;
  }
  const byId = new Map(requests.map((r) => [r.id, r]));
  const outcomes = await Promise.all(
    claimed
      .filter((c) => c.status === 'sending')
      .map(async ({ id }): Promise<Outcome | null> => {
        const request = byId.get(id)!;
        try {
          const rendered = renderEmail(request.template, request.data);
          await sendRenderedEmail(transport, config, { id, to: request.to, rendered, replyTo: request.replyTo });
          emailsSent.inc({ template: request.template, outcome: 'sent' });
          return { id, status: 'sent', error: null };
        } catch (error) {
          logger.warn({ err: error, emailId: id }, 'e-mail first attempt failed; handing over to the workflow');
          // Not handed over (Temporal unreachable): the row stays `sending` for the sweep.
          return (await handOver(deps, request)) ? { id, status: 'handed_over', error: messageOf(error) } : null;
        }
      }),
  );
  await record(
    db,
    outcomes.filter((o): o is Outcome => o !== null),
  ).catch((error) => logger.warn({ err: error }, 'e-mail first attempts sent but not recorded'));
}

/** Starts the e-mail's retrying workflow; false (and logged) when that fails. */
async function handOver({ config, temporal, logger }: FirstAttemptDeps, request: EmailRequest): Promise<boolean> {
  try {
    await sendEmail(temporal, request, { taskQueue: config.TEMPORAL_TASK_QUEUE });
    return true;
  } catch (error) {
    logger.error({ err: error, emailId: request.id }, 'e-mail could not be handed to its workflow');
    return false;
  }
}
