/**
 * The whole database, composed from one interface per table group. Each group is
 * written by exactly one service (named in its file); anyone may read.
 */
import type { Kysely } from 'kysely';
import type { AbuseTables } from './schema/abuse';
import type { CheckoutTables } from './schema/checkout';
import type { CredentialsTables } from './schema/credentials';
import type { IdentityTables, MailTables } from './schema/identity';
import type { OperationsTables } from './schema/operations';
import type { ProcessorTables } from './schema/processor';
import type { RefundsTables } from './schema/refunds';
import type { SplitsTables } from './schema/splits';
import type { TeamTables } from './schema/team';
import type { WebhooksTables } from './schema/webhooks';

export interface Database
  extends IdentityTables,
    MailTables,
    TeamTables,
    CredentialsTables,
    ProcessorTables,
    SplitsTables,
    RefundsTables,
    CheckoutTables,
    WebhooksTables,
    OperationsTables,
    AbuseTables {}

/** The typed query builder over the whole database. */
export type Db = Kysely<Database>;
