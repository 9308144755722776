import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { type ProcessorEventRow, ProcessorEventsRepository } from './processor-events';

/** ProcessorEventsRepository against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const repo = () => new ProcessorEventsRepository(db);
const event = (): ProcessorEventRow => ({
  id: `evt_${randomUUID()}`,
  mode: 'test',
  type: 'payment_intent.succeeded',
  account_id: null,
  payload: JSON.stringify({ hello: 'world' }),
});
const stored = (id: string) =>
  db.selectFrom('processor_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('ProcessorEventsRepository', () => {
  it('counts each delivery and says when the event was processed', async () => {
    const row = event();
    expect(await repo().recordDelivery(row)).toEqual({ processed_at: null });
    expect(await repo().recordDelivery(row)).toEqual({ processed_at: null });
    expect(await stored(row.id)).toMatchObject({ deliveries: 2, payload: { hello: 'world' } });
    await repo().markProcessed(row.id);
    expect((await repo().recordDelivery(row)).processed_at).toBeInstanceOf(Date);
    expect(await stored(row.id)).toMatchObject({ deliveries: 3, last_error: null });
  });

  it('records a failure, counting the delivery only when it was not recorded yet', async () => {
    const counted = event();
    await repo().recordDelivery(counted);
    await repo().recordFailure(counted, 'handler failed', true);
    expect(await stored(counted.id)).toMatchObject({ deliveries: 1, last_error: 'handler failed', processed_at: null });
    await repo().recordFailure(counted, 'failed again', false);
    expect(await stored(counted.id)).toMatchObject({ deliveries: 2, last_error: 'failed again' });

    const unseen = event();
    await repo().recordFailure(unseen, 'before recording', false);
    expect(await stored(unseen.id)).toMatchObject({ deliveries: 1, last_error: 'before recording' });
    await repo().markProcessed(unseen.id);
    expect(await stored(unseen.id)).toMatchObject({ last_error: null, processed_at: expect.any(Date) });
  });
});
