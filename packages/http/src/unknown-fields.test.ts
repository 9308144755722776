import { z } from 'zod';
import { issuesToDetails } from './field-messages';
import { closestName, editDistance, unknownFieldDetails } from './unknown-fields';

/** Strict input: the fields a schema does not declare, and the messages that name them. */
describe('unknownFieldDetails', () => {
  const Session = z.object({
    amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().min(1)),
    return_url: z.string(),
    cancel_url: z.string().nullish(),
    line_items: z.array(z.object({ description: z.string(), quantity: z.number().default(1) })).nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
  });

  it('names an unknown field and suggests the close one', () => {
    expect(unknownFieldDetails(Session, { amount: 10, retrun_url: 'x' }, 'body')).toEqual([
      { field: 'retrun_url', message: 'Unknown field retrun_url. Did you mean return_url?' },
    ]);
  });

  it('suggests nothing when no declared field is close', () => {
    expect(unknownFieldDetails(Session, { amount: 10, return_url: 'x', colour: 'red' }, 'body')).toEqual([
      { field: 'colour', message: 'Unknown field colour.' },
    ]);
  });

  it('looks inside arrays of objects, and leaves records and declared fields alone', () => {
    const body = {
      amount: '10',
      return_url: 'x',
      cancel_url: null,
      metadata: { anything: 'goes' },
      line_items: [{ description: 'a' }, { description: 'b', quantitiy: 2 }],
    };
    expect(unknownFieldDetails(Session, body, 'body')).toEqual([
      { field: 'line_items.1.quantitiy', message: 'Unknown field quantitiy. Did you mean quantity?' },
    ]);
  });

  it('reads a union as the option the value fits, and a loose object as open', () => {
    const Either = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    expect(unknownFieldDetails(Either, { b: 'x' }, 'body')).toEqual([]);
    expect(unknownFieldDetails(z.looseObject({ a: z.string() }), { a: 'x', extra: 1 }, 'body')).toEqual([]);
    expect(unknownFieldDetails(z.object({ a: z.string() }).optional(), { a: 'x', b: 1 }, 'body')).toHaveLength(1);
  });

  it('reads a discriminated union as the option its discriminator names', () => {
    const Choice = z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('split'), participants: z.array(z.string()) }),
      z.object({ mode: z.literal('one_payer'), payer_email: z.string() }),
    ]);
    expect(unknownFieldDetails(Choice, { mode: 'one_payer', payer_emial: 'a@b.c' }, 'body')).toEqual([
      { field: 'payer_emial', message: 'Unknown field payer_emial. Did you mean payer_email?' },
    ]);
    expect(unknownFieldDetails(Choice, { mode: 'split', participants: [] }, 'body')).toEqual([]);
  });

  it('says "query parameter" for a query string', () => {
    expect(unknownFieldDetails(z.object({ limit: z.string().optional() }), { limt: '5' }, 'query')).toEqual([
      { field: 'limt', message: 'Unknown query parameter limt. Did you mean limit?' },
    ]);
  });

  it('finds the closest name by edits, case and separators', () => {
    expect(editDistance('retrun_url', 'return_url')).toBe(1);
    expect(closestName('returnUrl', ['amount', 'return_url'])).toBe('return_url');
    expect(closestName('ammount', ['amount', 'return_url'])).toBe('amount');
    expect(closestName('xyz', ['amount', 'return_url'])).toBeNull();
  });
});

describe('issuesToDetails', () => {
  const Body = z.object({ name: z.string(), count: z.number().int().min(1).max(5), tags: z.array(z.string()).min(1) });
  const detailsOf = (input: unknown) => {
    const result = Body.safeParse(input);
    return result.success ? [] : issuesToDetails(result.error.issues, input);
  };

  it("rewords zod's generic messages so each names its field", () => {
    expect(detailsOf({ count: 'x', tags: [] })).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'count', message: 'count must be a number' },
      { field: 'tags', message: 'tags must have at least 1 item' },
    ]);
    expect(detailsOf({ name: 'a', count: 9, tags: ['x'] })).toEqual([
      { field: 'count', message: 'count must be at most 5' },
    ]);
  });

  it("keeps a schema's own message as written", () => {
    const Worded = z.object({ name: z.string({ error: 'Enter a name' }) });
    const result = Worded.safeParse({});
    expect(issuesToDetails(result.error!.issues, {})).toEqual([{ field: 'name', message: 'Enter a name' }]);
  });
});
