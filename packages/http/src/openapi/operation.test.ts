import { z } from 'zod';
import { err } from './errors';
import { operations } from './operation';

const Answer = z.object({ ok: z.boolean() });
const Params = z.object({ id: z.string() });
const gone = err('Gone', 'gone');

type Built = {
  operationId: string;
  tags: string[];
  requestParams?: { path?: unknown; header?: unknown };
  responses: Record<string, { 'x-errors'?: { error: string }[] }>;
};
const errorsAt = (built: Built, status: number) => built.responses[status]?.['x-errors']?.map((entry) => entry.error);

describe('operations', () => {
  const paths = operations(
    { tag: 'Things', business: { write: true }, path: Params, errors: { 404: [gone] } },
    {
      'GET /api/things/{id}': {
        id: 'getThing',
        summary: 'Read',
        business: {},
        responses: { 200: { description: 'The thing.', schema: Answer } },
        errors: { 404: [err('No such thing', 'thing_not_found')] },
      },
      'POST /api/things/{id}': {
        id: 'changeThing',
        summary: 'Change',
        responses: { 200: { description: 'Changed.', schema: Answer } },
      },
      'POST /api/things': {
        tag: 'Other things',
        id: 'makeThing',
        summary: 'Make',
        path: undefined,
        responses: { 201: { description: 'Made.', schema: Answer } },
      },
    },
  ) as Record<string, Record<string, Built>>;

  it('keys each operation by its method and path, one path item per path', () => {
    expect(Object.keys(paths)).toEqual(['/api/things/{id}', '/api/things']);
    expect(Object.keys(paths['/api/things/{id}'] ?? {})).toEqual(['get', 'post']);
    expect(paths['/api/things']?.post?.operationId).toBe('makeThing');
  });

  it("gives every operation the family's tag, path and business options unless it has its own", () => {
    const thing = paths['/api/things/{id}'];
    expect(thing?.get?.tags).toEqual(['Things']);
    expect(thing?.get?.requestParams?.path).toBe(Params);
    expect(paths['/api/things']?.post?.tags).toEqual(['Other things']);
    expect(paths['/api/things']?.post?.requestParams?.path).toBeUndefined();
    // The family's `write` adds the paused workspace's 403; the read's own business options do not.
    expect(errorsAt(thing?.post as Built, 403)).toHaveLength(2);
    expect(errorsAt(thing?.get as Built, 403)).toBeUndefined();
  });

  it("lists the family's error answers before the operation's own", () => {
    expect(errorsAt(paths['/api/things/{id}']?.get as Built, 404)).toEqual([
      expect.any(String),
      'Gone',
      'No such thing',
    ]);
    expect(errorsAt(paths['/api/things/{id}']?.post as Built, 404)).toEqual([expect.any(String), 'Gone']);
  });
});
