import { readFileSync } from 'node:fs';
import {
  ApiKeysRepository,
  apiKeyRecordFields,
  apiKeyShape,
  isUuid,
  MerchantsRepository,
  recordAudit,
} from '@groupsplit/shared';
import { requiredFlag, SupportCommandError, SupportUsageError } from '../args';
import type { SupportCommand, SupportDeps } from './types';

const SHA256_HEX = /^[0-9a-f]{64}$/;

type KeyRecord = { key_hash: string; last_four: string; mode: 'test' | 'live'; generation: string };

function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The key never goes on the command line (shell history, process lists): it comes from
 * --key-file or stdin. A system that kept only SHA-256 hashes is imported with --sha256.
 */
function keyRecord(flags: Record<string, string | true>, stdin: () => string): KeyRecord {
  if (flags.key !== undefined) throw new SupportUsageError('pass the key with --key-file or on stdin, never as --key');
  if (typeof flags.sha256 === 'string') {
    const hash = flags.sha256.trim().toLowerCase();
    if (!SHA256_HEX.test(hash)) throw new SupportCommandError('--sha256 must be 64 hex characters');
    const mode = flags.mode;
    if (mode !== 'live' && mode !== 'test') throw new SupportUsageError('--mode live|test is required with --sha256');
    const lastFour = typeof flags['last-four'] === 'string' ? flags['last-four'] : '';
    if (lastFour.length !== 4) throw new SupportUsageError('--last-four <4 characters> is required with --sha256');
    return { key_hash: hash, last_four: lastFour, mode, generation: 'hash_only' };
  }
  const raw = typeof flags['key-file'] === 'string' ? readFileSync(flags['key-file'], 'utf8') : stdin();
  const key = raw.trim();
  if (!key) throw new SupportUsageError('no key given: use --key-file <path> or pipe the key on stdin');
  const shape = apiKeyShape(key);
  if (!shape) throw new SupportCommandError('Not an API key of any generation this service accepts');
  return { ...apiKeyRecordFields(key), mode: shape.mode, generation: shape.generation };
}

export async function importLegacyKey(
  { db }: SupportDeps,
  input: { merchantId: string; name: string; actor: string; record: KeyRecord; createdAt?: Date },
) {
  const { record } = input;
  return db.transaction().execute(async (trx) => {
    const merchant = await new MerchantsRepository(trx).find(input.merchantId);
    if (!merchant) throw new SupportCommandError(`No merchant ${input.merchantId}`);
    const keys = new ApiKeysRepository(trx);
    const existing = await keys.findByHash(record.key_hash);
    if (existing) throw new SupportCommandError(`That key is already on record (${existing.id})`);
    const row = await keys.create({
      merchantId: merchant.id,
      name: input.name,
      mode: record.mode,
      keyHash: record.key_hash,
      lastFour: record.last_four,
      createdBy: null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    });
    await recordAudit(trx, {
      merchantId: merchant.id,
      actorUserId: null,
      actorRole: 'support',
      action: 'api_key.imported',
      after: {
        id: row.id,
        name: input.name,
        mode: row.mode,
        last_four: row.last_four,
        generation: record.generation,
        actor: input.actor,
      },
    });
    return { ...row, merchantName: merchant.name };
  });
}

export const importLegacyKeyCommand: SupportCommand = {
  usage:
    'import-legacy-key <merchantId> --name "<name>" --actor <name> [--created-at <ISO date>] ' +
    '[--key-file <path> | --sha256 <hex> --mode live|test --last-four <xxxx>]  (default: key on stdin)',
  summary:
    'Put a key issued by an earlier system (svc_sk_…) on record so it keeps working, in the mode its prefix says',
  async run(args, deps) {
    const merchantId = args.positional[1];
    if (!merchantId) throw new SupportUsageError('<merchantId> is required');
    if (!isUuid(merchantId)) throw new SupportCommandError(`Not a merchant id: ${merchantId}`);
    const name = requiredFlag(args, 'name');
    const actor = requiredFlag(args, 'actor');
    let createdAt: Date | undefined;
    if (args.flags['created-at'] !== undefined) {
      createdAt = new Date(requiredFlag(args, 'created-at'));
      if (Number.isNaN(createdAt.getTime())) throw new SupportCommandError('--created-at is not a date');
    }
    const record = keyRecord(args.flags, readStdin);
    const row = await importLegacyKey(deps, { merchantId, name, actor, record, createdAt });
    return `Imported ${row.mode} key …${row.last_four} (${row.id}) for ${row.merchantName}, by ${actor}`;
  },
};
