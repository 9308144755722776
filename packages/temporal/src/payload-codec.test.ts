import {
  DEV_TEMPORAL_PAYLOAD_KEYS,
  loadConfig,
  parsePayloadKeys,
  payloadKeyring,
  publicSecret,
} from '@groupsplit/config';
import { defaultPayloadConverter } from '@temporalio/common';
import { temporalDataConverter } from './data-converter';
import { failureConverter } from './failure-converter';
import { AesGcmPayloadCodec, ENCRYPTED_ENCODING, KEY_ID_METADATA } from './payload-codec';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString('utf8');
const codecOf = (keys: string, current?: string) =>
  new AesGcmPayloadCodec(payloadKeyring({ TEMPORAL_PAYLOAD_KEYS: keys, TEMPORAL_PAYLOAD_KEY_ID: current }));

const SECRET = { code: '493817', payToken: 'pay_4f9c2b', email: 'ada@example.test' };
const plain = () => defaultPayloadConverter.toPayload(SECRET);

describe('Temporal payload codec', () => {
  it('round-trips a payload, metadata included, and hides its content', async () => {
    const codec = codecOf(`k1:${key(1)}`);
    const [encrypted] = await codec.encode([plain()]);
    expect(text(encrypted!.metadata!.encoding)).toBe(ENCRYPTED_ENCODING);
    expect(text(encrypted!.metadata![KEY_ID_METADATA])).toBe('k1');
    const raw = Buffer.from(encrypted!.data!).toString('latin1');
    for (const value of [...Object.values(SECRET), 'json/plain']) expect(raw).not.toContain(value);

    const [decoded] = await codec.decode([encrypted!]);
    expect(text(decoded!.metadata!.encoding)).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual(SECRET);
  });

  it('uses a fresh nonce for every payload', async () => {
    const [a, b] = await codecOf(`k1:${key(1)}`).encode([plain(), plain()]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('never repeats a nonce across the pool it cuts them from (two refills and more)', async () => {
    const codec = codecOf(`k1:${key(1)}`);
    const sealed = await codec.encode(Array.from({ length: 2_100 }, plain));
    const nonces = new Set(sealed.map((p) => Buffer.from(p.data!).subarray(0, 12).toString('hex')));
    expect(nonces.size).toBe(2_100);
    const decoded = await codec.decode(sealed.slice(-3));
    for (const payload of decoded) expect(defaultPayloadConverter.fromPayload(payload)).toEqual(SECRET);
  });

  it('rotates by adding keys: new payloads use the new key, the old key still decrypts', async () => {
    const before = codecOf(`k1:${key(1)}`);
    const [old] = await before.encode([plain()]);

    const during = codecOf(`k1:${key(1)},k2:${key(2)}`, 'k1');
    const [stillOld] = await during.encode([plain()]);
    expect(text(stillOld!.metadata![KEY_ID_METADATA])).toBe('k1');

    const after = codecOf(`k1:${key(1)},k2:${key(2)}`);
    const [fresh] = await after.encode([plain()]);
    expect(text(fresh!.metadata![KEY_ID_METADATA])).toBe('k2');
    const decoded = await after.decode([old!, fresh!]);
    expect(decoded.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([SECRET, SECRET]);

    // Once k1 is dropped, what it encrypted can no longer be read: the runbook keeps it while a history needs it.
    await expect(codecOf(`k2:${key(2)}`).decode([old!])).rejects.toThrow(
      'Temporal payload encrypted with key "k1", which TEMPORAL_PAYLOAD_KEYS does not list',
    );
  });

  it('refuses a tampered ciphertext, nonce or tag, and a key id switched to another key', async () => {
    const codec = codecOf(`k1:${key(1)},k2:${key(2)}`, 'k1');
    const [encrypted] = await codec.encode([plain()]);
    const data = Buffer.from(encrypted!.data!);
    for (const at of [0, 12, data.length - 1]) {
      const tampered = Buffer.from(data);
      tampered[at]! ^= 1;
      await expect(codec.decode([{ ...encrypted!, data: tampered }])).rejects.toThrow(
        'Temporal payload encrypted with key "k1" could not be decrypted: wrong key or tampered data',
      );
    }
    const relabelled = { ...encrypted!, metadata: { ...encrypted!.metadata, [KEY_ID_METADATA]: Buffer.from('k2') } };
    await expect(codec.decode([relabelled])).rejects.toThrow('could not be decrypted');
    await expect(codec.decode([{ ...encrypted!, data: data.subarray(0, 10) }])).rejects.toThrow('truncated');
  });

  it('passes a payload that is not encrypted through unchanged (older histories, JSON typed into the UI)', async () => {
    const payload = plain();
    const [decoded] = await codecOf(`k1:${key(1)}`).decode([payload]);
    expect(decoded).toBe(payload);
  });
});

describe('failures', () => {
  it('keep their message and stack in a payload the codec encrypts', async () => {
    const failure = failureConverter.errorToFailure(
      new Error('550 5.1.1 <ada@example.test>: Recipient address rejected'),
      defaultPayloadConverter,
    );
    expect(failure.message).toBe('Encoded failure');
    expect(JSON.stringify(failure)).not.toContain('ada@example.test');
    const codec = codecOf(`k1:${key(1)}`);
    const [sealed] = await codec.encode([failure.encodedAttributes!]);
    expect(Buffer.from(sealed!.data!).toString('latin1')).not.toContain('ada@example.test');
    const [opened] = await codec.decode([sealed!]);
    expect(defaultPayloadConverter.fromPayload(opened!)).toMatchObject({
      message: '550 5.1.1 <ada@example.test>: Recipient address rejected',
    });
    // Every client and worker loads this converter by path.
    expect(temporalDataConverter(loadConfig({})).failureConverterPath).toBe(require.resolve('./failure-converter'));
  });
});

describe('Temporal payload keys in the configuration', () => {
  it('development and test get a working default keyring', () => {
    const keyring = payloadKeyring(loadConfig({}));
    expect(keyring.currentKeyId).toBe('dev');
    expect(keyring.keys.get('dev')).toHaveLength(32);
  });

  it.each([
    ['k1', 'TEMPORAL_PAYLOAD_KEYS: each entry is <id>:<key>'],
    [`k 1:${key(1)}`, 'TEMPORAL_PAYLOAD_KEYS: each entry is <id>:<key>'],
    ['k1:c2hvcnQ=', 'TEMPORAL_PAYLOAD_KEYS: key k1 must be 32 bytes'],
    [`k1:${key(1)},k1:${key(2)}`, 'TEMPORAL_PAYLOAD_KEYS: key id k1 is listed twice'],
  ])('refuses TEMPORAL_PAYLOAD_KEYS=%s, naming the variable', (listed, problem) => {
    expect(() => loadConfig({ TEMPORAL_PAYLOAD_KEYS: listed })).toThrow(`Invalid configuration: ${problem}`);
  });

  it('accepts hex keys, and refuses a current key id that is not listed', () => {
    const hex = `a:${'ab'.repeat(32)},b:${key(3)}`;
    expect(parsePayloadKeys(hex, 'a')).toMatchObject({ keyring: { currentKeyId: 'a' } });
    expect(() => loadConfig({ TEMPORAL_PAYLOAD_KEYS: hex, TEMPORAL_PAYLOAD_KEY_ID: 'c' })).toThrow(
      'Invalid configuration: TEMPORAL_PAYLOAD_KEY_ID: c is not one of the ids in TEMPORAL_PAYLOAD_KEYS',
    );
  });

  it('counts the development key as public under any id, alone or beside private keys', () => {
    const env = { ...fullySet(), TEMPORAL_PAYLOAD_KEYS: `mine:${key(9)},old${DEV_TEMPORAL_PAYLOAD_KEYS.slice(3)}` };
    expect(publicSecret(loadConfig(fullySet()), fullySet())).toBeNull();
    const found = publicSecret(loadConfig(env), env);
    expect(found).toEqual({
      name: 'TEMPORAL_PAYLOAD_KEYS',
      why: 'is a public development or emulator value; set a secret one',
    });
  });
});

/** Every secret set to a private value except what a test overrides. */
function fullySet(): Record<string, string> {
  return {
    INTERNAL_SIGNING_SECRET: 'an-operator-chosen-signing-secret',
    ENCRYPTION_KEY: 'ab'.repeat(32),
    STRIPE_TEST_SECRET_KEY: 'sk_test_operator',
    STRIPE_LIVE_SECRET_KEY: 'sk_live_operator',
    STRIPE_TEST_WEBHOOK_SECRET: 'whsec_test_operator',
    STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_operator',
    TEMPORAL_PAYLOAD_KEYS: `ops-1:${key(9)}`,
    TEMPORAL_CODEC_TOKEN: 'an-operator-chosen-codec-token',
  };
}
