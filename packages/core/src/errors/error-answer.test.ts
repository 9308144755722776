import { errorAnswerBody, isExactShapeAnswer } from './error-answer';

const answer = {
  method: 'POST',
  path: '/api/checkout-splits',
  status: 400,
  requestId: 'req-1',
  publicBaseUrl: 'https://api.example/',
};

/** The one rule of packages/core/src/errors/error-answer.ts (docs/errors.md, "Request id, docs link and hint"). */
describe('errorAnswerBody', () => {
  it("leaves the spec's exactly-{ error } answers as they are", () => {
    const body = { error: 'A checkout split needs at least one participant' };
    expect(isExactShapeAnswer(answer, body)).toBe(true);
    expect(errorAnswerBody(body, { ...answer, callHint: 'ignored' })).toEqual(body);
  });

  it('adds request_id, doc_url and the hints to every other answer, the same message included', () => {
    // Another route, another status, or a body with more than `error`: not exact.
    for (const [other, body] of [
      [{ ...answer, path: '/api/checkout-splits/x' }, { error: 'Validation failed' }],
      [{ ...answer, status: 404 }, { error: 'Validation failed' }],
      [answer, { error: 'Validation failed', code: 'validation_failed', details: [] }],
      [answer, { error: 'Merchant has no payment processor connected account' }],
    ] as const) {
      expect(isExactShapeAnswer(other, body)).toBe(false);
    }
    expect(
      errorAnswerBody(
        { error: 'Validation failed', code: 'validation_failed', hint: 'Did you mean return_url?' },
        { ...answer, callHint: 'Live mode was assumed.' },
      ),
    ).toEqual({
      error: 'Validation failed',
      code: 'validation_failed',
      request_id: 'req-1',
      doc_url: 'https://api.example/docs/errors#validation_failed',
      hint: 'Did you mean return_url? Live mode was assumed.',
    });
    expect(errorAnswerBody({ error: 'Something went wrong!' }, { ...answer, status: 500 })).toEqual({
      error: 'Something went wrong!',
      request_id: 'req-1',
      doc_url: 'https://api.example/docs/errors#http-500',
    });
  });
});
