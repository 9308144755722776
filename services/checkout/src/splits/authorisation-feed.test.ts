import { randomUUID } from 'node:crypto';
import { createDb, createLogger, type Db, loadConfig, PARTICIPANT_AUTHORISED_CHANNEL } from '@groupsplit/shared';
import { sql } from 'kysely';
import { type AuthorisationFeed, authorisationFeed } from './authorisation-feed';

/** Polls `check` until it holds (a condition, not a time). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the authorisation feed (a pay step woken by the NOTIFY, not by polling)', () => {
  const config = loadConfig();
  let db: Db;
  let feed: AuthorisationFeed;
  beforeAll(() => {
    db = createDb(config.DATABASE_URL, 2);
    feed = authorisationFeed(config.DATABASE_URL, createLogger('feed-test', 'silent'));
  });
  afterAll(async () => {
    await feed.close();
    await db.destroy();
  });
  const notify = (participantId: string) =>
    sql`SELECT pg_notify(${PARTICIPANT_AUTHORISED_CHANNEL}, ${participantId})`.execute(db);

  it('holds no connection until the first payment expects one', () => {
    expect(authorisationFeed(config.DATABASE_URL, createLogger('idle', 'silent')).listening()).toBe(false);
  });

  it('wakes the wait for that participant, and only that one', async () => {
    const mine = randomUUID();
    const wait = feed.expect(mine);
    const other = feed.expect(randomUUID());
    await until(() => feed.listening());
    const heard = wait.next(60_000);
    const notHeard = other.next(50);
    await notify(mine);
    expect(await heard).toBe(true);
    expect(await notHeard).toBe(false);
    wait.done();
    other.done();
  });

  it('keeps a NOTIFY that came before the request looked', async () => {
    const early = randomUUID();
    const later = randomUUID();
    const earlyWait = feed.expect(early);
    const laterWait = feed.expect(later);
    await until(() => feed.listening());
    await notify(early);
    await notify(later);
    // Notifications arrive in commit order: once the later one is heard, the early one was too.
    expect(await laterWait.next(60_000)).toBe(true);
    expect(await earlyWait.next(60_000)).toBe(true);
    earlyWait.done();
    laterWait.done();
  });
});
