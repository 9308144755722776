import { ParticipantsRepository, randomToken } from '@groupsplit/shared';
import { postSplit, splitStackForTests, uniqueEmail } from '@groupsplit/testing';
import { readAuthorisedEvent } from './authorise';

/**
 * The authorisation's single statement: the participant, its history row and its event each
 * written once, only while the participant is `pending`, so a step run again writes nothing twice.
 */
describe('ParticipantsRepository.writeAuthorised', () => {
  const ready = splitStackForTests();

  it('writes the participant, its history row and its event once, and nothing on a second run', async () => {
    const { stack, shop } = ready;
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `ORD-${randomToken(4)}`,
      participants: [1000, 2500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    const split = res.body as { id: string; participants: { id: string }[] };
    const participantId = split.participants[0]!.id;
    const write = async () =>
      new ParticipantsRepository(stack.db).writeAuthorised({
        splitId: split.id,
        participantId,
        actor: 'pay_step',
        captureBefore: null,
        event: await readAuthorisedEvent(stack.db, split.id, participantId),
      });

    const eventId = await write();
    expect(eventId).toEqual(expect.any(String));
    expect(await write()).toBeNull();

    const participant = await stack.db
      .selectFrom('split_participants')
      .select(['status', 'authorised_at'])
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow();
    expect(participant.status).toBe('authorised');
    expect(participant.authorised_at).toBeInstanceOf(Date);
    const history = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'actor', 'from_status', 'to_status'])
      .where('dedupe_key', '=', `authorised:${participantId}`)
      .execute();
    expect(history).toEqual([
      { kind: 'authorised', actor: 'pay_step', from_status: 'pending', to_status: 'authorised' },
    ]);
    const events = await stack.db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'payload'])
      .where('dedupe_key', '=', `authorised:${participantId}`)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: eventId, type: 'checkout_split.participant_authorised' });
    expect(events[0]!.payload).toMatchObject({
      split_id: split.id,
      status: 'pending',
      approved_count: 1,
      participant: { id: participantId, status: 'authorised' },
    });
  });
});
