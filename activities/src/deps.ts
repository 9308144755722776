import type { Config, Db, Logger, MailTransport } from '@groupsplit/shared';

/** Everything an activity may touch; the worker builds it once at start-up. */
export type ActivityDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /**
   * SMTP for the e-mail activities. The worker gives a pooled transport and closes it at shutdown;
   * without one, the activities make their own, which connects afresh for every e-mail.
   */
  mail?: MailTransport;
};
