import { loadConfig } from '@groupsplit/config';
import { AppError } from '@groupsplit/core';
import { forbiddenAddressKind } from './ip-address';
import {
  allowsPrivateWebhookTarget,
  assertWebhookUrl,
  checkOutboundUrl,
  outboundPolicyFor,
  ownListeningPorts,
  type Resolver,
} from './url-check';

/** Names this test controls, standing in for DNS answers an attacker could arrange. */
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['127.0.0.1'],
  'private.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'ula.example.com': ['fd12:3456::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'cgnat.example.com': ['100.64.0.1'],
  localhost: ['127.0.0.1', '::1'],
};
const fakeDns: Resolver = async (host) => {
  const answer = DNS[host];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer;
};

// ALLOW_PRIVATE_WEBHOOK_TARGETS is on in the test environment; the production checker has it off.
const production = { allowPrivate: false, resolve: fakeDns, unresolvable: 'refuse' as const };

describe('checkOutboundUrl with private targets refused (production)', () => {
  const hostile: [string, string][] = [
    ['http://hooks.example.com/webhook', 'must use https'],
    ['ftp://hooks.example.com/', 'must use https'],
    ['javascript:alert(1)', 'must use https'],
    ['file:///etc/passwd', 'must use https'],
    ['not a url', 'not a valid URL'],
    ['https://', 'not a valid URL'],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, 'must be at most 2048 characters'],
    ['https://user:pass@hooks.example.com/', 'must not contain credentials'],
    ['https://user@hooks.example.com/', 'must not contain credentials'],
    ['https://127.0.0.1/', 'host is a loopback address'],
    ['https://127.1/', 'host is a loopback address'],
    ['https://2130706433/', 'host is a loopback address'],
    ['https://0177.0.0.1/', 'host is a loopback address'],
    ['https://0x7f.0.0.1/', 'host is a loopback address'],
    ['https://0x7f000001/', 'host is a loopback address'],
    ['https://017700000001/', 'host is a loopback address'],
    ['https://0.0.0.0/', 'host is a unspecified address'],
    ['https://0/', 'host is a unspecified address'],
    ['https://10.0.0.1/', 'host is a private address'],
    ['https://172.16.5.4/', 'host is a private address'],
    ['https://172.31.255.255/', 'host is a private address'],
    ['https://192.168.0.1/', 'host is a private address'],
    ['https://100.64.0.1/', 'host is a shared address space (CGNAT) address'],
    ['https://100.127.255.254/', 'host is a shared address space (CGNAT) address'],
    ['https://169.254.169.254/latest/meta-data/', 'host is a cloud metadata address'],
    ['https://169.254.1.1/', 'host is a link-local address'],
    ['https://224.0.0.1/', 'host is a multicast address'],
    ['https://239.255.255.250/', 'host is a multicast address'],
    ['https://255.255.255.255/', 'host is a broadcast address'],
    ['https://240.0.0.1/', 'host is a reserved address'],
    ['https://192.0.2.1/', 'host is a documentation address'],
    ['https://198.18.0.1/', 'host is a reserved address'],
    ['https://[::1]/', 'host is a loopback address'],
    ['https://[::]/', 'host is a unspecified address'],
    ['https://[0:0:0:0:0:0:0:1]/', 'host is a loopback address'],
    ['https://[::ffff:127.0.0.1]/', 'host is a loopback address'],
    ['https://[::ffff:7f00:1]/', 'host is a loopback address'],
    ['https://[::ffff:10.0.0.1]/', 'host is a private address'],
    ['https://[::ffff:169.254.169.254]/', 'host is a cloud metadata address'],
    ['https://[::ffff:0:127.0.0.1]/', 'host is a loopback address'],
    ['https://[64:ff9b::127.0.0.1]/', 'host is a loopback address'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'host is a cloud metadata address'],
    ['https://[64:ff9b:1::1]/', 'host is a reserved address'],
    ['https://[2002:7f00:1::1]/', 'host is a loopback address'],
    ['https://[2002:c0a8:0101::1]/', 'host is a private address'],
    ['https://[::127.0.0.1]/', 'host is a reserved address'],
    ['https://[fd00:ec2::254]/', 'host is a cloud metadata address'],
    ['https://[fc00::1]/', 'host is a private address'],
    ['https://[fd12:3456::1]/', 'host is a private address'],
    ['https://[fe80::1]/', 'host is a link-local address'],
    ['https://[ff02::1]/', 'host is a multicast address'],
    ['https://[2001:db8::1]/', 'host is a documentation address'],
    ['https://[2001::1]/', 'host is a reserved address'],
    ['https://[100::1]/', 'host is a reserved address'],
    ['https://localhost/', 'host must be a public domain name'],
    ['https://LOCALHOST./', 'host must be a public domain name'],
    ['https://api.localhost/', 'host must be a public domain name'],
    ['https://printer.local/', 'host must be a public domain name'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'host must be a public domain name'],
    ['https://intranet/', 'host must be a public domain name'],
    ['https://rebind.example.com/hook', 'host resolves to a loopback address'],
    ['https://private.example.com/hook', 'host resolves to a private address'],
    ['https://mixed.example.com/hook', 'host resolves to a private address'],
    ['https://metadata.example.com/', 'host resolves to a cloud metadata address'],
    ['https://ula.example.com/', 'host resolves to a private address'],
    ['https://mapped.example.com/', 'host resolves to a loopback address'],
    ['https://cgnat.example.com/', 'host resolves to a shared address space (CGNAT) address'],
    ['https://nowhere.example.com/', 'host could not be resolved'],
  ];

  it.each(hostile)('refuses %s (%s)', async (url, reason) => {
    const check = await checkOutboundUrl(url, production);
    expect(check).toEqual({ ok: false, reason });
  });

  it.each([
    ['https://hooks.example.com/webhook', ['93.184.216.34']],
    ['https://hooks.example.com:8443/webhook?x=1', ['93.184.216.34']],
    ['https://v6.example.com/', ['2606:2800:220:1:248:1893:25c8:1946']],
    ['https://93.184.216.34/hook', ['93.184.216.34']],
    ['https://[2606:4700::1111]/hook', ['2606:4700::1111']],
  ])('accepts %s', async (url, addresses) => {
    const check = await checkOutboundUrl(url, production);
    expect(check).toMatchObject({ ok: true, addresses });
  });

  it('never echoes the address an internal name resolved to', async () => {
    const check = await checkOutboundUrl('https://private.example.com/', production);
    expect(check.ok).toBe(false);
    expect(JSON.stringify(check)).not.toContain('10.1.2.3');
  });

  it('gives up on a resolver that does not answer, as unresolvable', async () => {
    const hang: Resolver = () => new Promise(() => undefined);
    const check = await checkOutboundUrl('https://slow.example.com/', {
      ...production,
      resolve: hang,
      resolveTimeoutMs: 50,
    });
    expect(check).toEqual({ ok: false, reason: 'host could not be resolved' });
  });

  it('uses the system resolver by default (a .invalid name never resolves)', async () => {
    const check = await checkOutboundUrl('https://127.0.0.1.nip.invalid/', {
      allowPrivate: false,
      unresolvable: 'refuse',
    });
    expect(check).toEqual({ ok: false, reason: 'host could not be resolved' });
  });
});

describe('checkOutboundUrl with ALLOW_PRIVATE_WEBHOOK_TARGETS', () => {
  const relaxed = { allowPrivate: true, resolve: fakeDns, unresolvable: 'refuse' as const };

  it.each(['http://127.0.0.1:4000/hook', 'http://localhost:4000/hook', 'https://rebind.example.com/', 'http://[::1]/'])(
    'allows %s for local development',
    async (url) => {
      expect((await checkOutboundUrl(url, relaxed)).ok).toBe(true);
    },
  );

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'host is a cloud metadata address'],
    ['http://169.254.10.20:4000/hook', 'host is a link-local address'],
    ['http://[fe80::1]:4000/hook', 'host is a link-local address'],
    ['http://[fd00:ec2::254]/', 'host is a cloud metadata address'],
    ['http://[::ffff:169.254.169.254]/', 'host is a cloud metadata address'],
    ['http://0.0.0.0:4000/hook', 'host is a unspecified address'],
    ['http://[::]:4000/hook', 'host is a unspecified address'],
    ['http://224.0.0.1/', 'host is a multicast address'],
    ['http://metadata.example.com/', 'host resolves to a cloud metadata address'],
  ])('still refuses %s: the host’s plumbing is never a receiver', async (url, reason) => {
    expect(await checkOutboundUrl(url, relaxed)).toEqual({ ok: false, reason });
  });

  it('still refuses credentials and other schemes', async () => {
    expect(await checkOutboundUrl('http://a:b@127.0.0.1/', relaxed)).toEqual({
      ok: false,
      reason: 'must not contain credentials',
    });
    expect(await checkOutboundUrl('ftp://127.0.0.1/', relaxed)).toEqual({ ok: false, reason: 'must use https' });
  });
});

describe('assertWebhookUrl (save time)', () => {
  it('answers 400 `Invalid webhook_url: <reason>`', async () => {
    const error = await assertWebhookUrl('http://hooks.example.com/', {
      mode: 'live',
      config: { ALLOW_PRIVATE_WEBHOOK_TARGETS: false },
      resolve: fakeDns,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid webhook_url: must use https');
  });

  it('saves a name that does not resolve yet (delivery checks again) and keeps the text as typed', async () => {
    await expect(
      assertWebhookUrl('  https://Not-Yet-Live.example.com/hooks  ', {
        mode: 'live',
        config: { ALLOW_PRIVATE_WEBHOOK_TARGETS: false },
        resolve: fakeDns,
      }),
    ).resolves.toBe('https://Not-Yet-Live.example.com/hooks');
  });

  const relaxedConfig = { ALLOW_PRIVATE_WEBHOOK_TARGETS: true };

  it.each([
    ['https://127.0.0.1/x', 'host is a loopback address'],
    ['https://169.254.169.254/latest', 'host is a cloud metadata address'],
    ['https://10.0.0.8/x', 'host is a private address'],
    ['http://hooks.example.com/in', 'must use https'],
    ['https://rebind.example.com/', 'host resolves to a loopback address'],
    ['https://localhost/in', 'host must be a public domain name'],
  ])('checks a live URL in full even with ALLOW_PRIVATE_WEBHOOK_TARGETS: %s', async (url, reason) => {
    const error = await assertWebhookUrl(url, { mode: 'live', config: relaxedConfig, resolve: fakeDns }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe(`Invalid webhook_url: ${reason}`);
  });

  it('relaxes a test-mode URL only when ALLOW_PRIVATE_WEBHOOK_TARGETS is on', async () => {
    const local = 'http://127.0.0.1:4000/hook';
    await expect(assertWebhookUrl(local, { mode: 'test', config: relaxedConfig, resolve: fakeDns })).resolves.toBe(
      local,
    );
    const refused = await assertWebhookUrl(local, {
      mode: 'test',
      config: { ALLOW_PRIVATE_WEBHOOK_TARGETS: false },
      resolve: fakeDns,
    }).catch((e) => e);
    expect(refused.message).toBe('Invalid webhook_url: must use https');
  });
});

describe('allowsPrivateWebhookTarget', () => {
  it('is true for test mode with the variable on, and never for live', () => {
    expect(allowsPrivateWebhookTarget({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true }, 'test')).toBe(true);
    expect(allowsPrivateWebhookTarget({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true }, 'live')).toBe(false);
    expect(allowsPrivateWebhookTarget({ ALLOW_PRIVATE_WEBHOOK_TARGETS: false }, 'test')).toBe(false);
    expect(allowsPrivateWebhookTarget({ ALLOW_PRIVATE_WEBHOOK_TARGETS: false }, 'live')).toBe(false);
  });
});

describe('forbiddenAddressKind', () => {
  it.each([
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['2001:4860:4860::8888', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    ['2002:808:808::1', null],
    ['fe80::1%eth0', 'link-local'],
    ['not-an-address', 'reserved'],
  ])('%s → %s', (address, kind) => {
    expect(forbiddenAddressKind(address)).toBe(kind);
  });
});

describe('own ports', () => {
  it('lists every port the system and its infrastructure listen on', () => {
    expect(ownListeningPorts(loadConfig({})).sort((a, b) => a - b)).toEqual(
      [1025, 3000, 3001, 3002, 3010, 3020, 3021, 5432, 7233, 8233, 8025]
        .concat([7234, 7235, 7239, 7243, 6933, 6934, 6935, 6939])
        .sort((a, b) => a - b),
    );
  });

  it('refuses a private or loopback target on one of them even where private targets are allowed', async () => {
    const policy = { ...outboundPolicyFor({ ...loadConfig({}), ALLOW_PRIVATE_WEBHOOK_TARGETS: true }, 'test') };
    expect(policy.allowPrivate).toBe(true);
    for (const url of [
      'http://127.0.0.1:3001/internal/processor/accounts/sync',
      'http://[::1]:3002/',
      'http://10.0.0.7:5432/',
      // The operator UIs (the Temporal UI hands out its settings; the mail catcher every e-mail) and Temporal.
      'http://127.0.0.1:8233/api/v1/settings',
      'http://localhost:8025/api/v1/messages',
      'http://127.0.0.1:7243/api/v1/namespaces',
      'http://127.0.0.1:7233/',
    ]) {
      expect([url, await checkOutboundUrl(url, { ...policy, unresolvable: 'refuse' })]).toEqual([
        url,
        { ok: false, reason: "must not be one of this service's own ports" },
      ]);
    }
    const elsewhere = await checkOutboundUrl('http://127.0.0.1:4242/hook', { ...policy, unresolvable: 'refuse' });
    expect(elsewhere.ok).toBe(true);
    // The quickstart's receiver keeps working.
    const quickstart = await checkOutboundUrl('http://localhost:4000/webhooks', {
      ...policy,
      resolve: fakeDns,
      unresolvable: 'refuse',
    });
    expect(quickstart.ok).toBe(true);
  });

  it('takes the operator UIs’ ports from the configuration', async () => {
    const moved = ownListeningPorts(loadConfig({ TEMPORAL_UI_PORT: '18233', MAIL_UI_PORT: '18025' }));
    expect(moved).toEqual(expect.arrayContaining([18233, 18025]));
    expect(moved).not.toContain(8233);
  });
});
