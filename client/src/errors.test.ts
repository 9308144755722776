import { GroupsplitApiError, unwrap } from './errors';

/** The error class carries the API's request id, docs link and hint (docs/errors.md, "Request id, docs link and hint"). */
describe('GroupsplitApiError', () => {
  const refusal = (body: unknown, headers: Record<string, string> = {}) => {
    try {
      unwrap({ error: body, response: new Response(null, { status: 401, headers }) });
    } catch (error) {
      if (error instanceof GroupsplitApiError) return error;
      throw error;
    }
    throw new Error('unwrap did not throw');
  };

  it('exposes requestId, docUrl and hint from the body', () => {
    const error = refusal(
      {
        error: 'Invalid API Key',
        code: 'invalid_api_key',
        request_id: 'req-1',
        doc_url: 'https://api.example/docs/errors#invalid_api_key',
        hint: 'Send API keys in the X-Merchant-API-Key header',
      },
      { 'x-request-id': 'req-1' },
    );
    expect({
      status: error.status,
      message: error.message,
      code: error.code,
      requestId: error.requestId,
      docUrl: error.docUrl,
      hint: error.hint,
    }).toEqual({
      status: 401,
      message: 'Invalid API Key',
      code: 'invalid_api_key',
      requestId: 'req-1',
      docUrl: 'https://api.example/docs/errors#invalid_api_key',
      hint: 'Send API keys in the X-Merchant-API-Key header',
    });
  });

  it('takes the request id from the X-Request-Id header for an answer that is exactly { error }', () => {
    const error = refusal({ error: 'A checkout split needs at least one participant' }, { 'x-request-id': 'req-2' });
    expect([error.requestId, error.docUrl, error.hint]).toEqual(['req-2', undefined, undefined]);
  });
});
