import { checkAgainstOpenApi, type OpenApiCall } from './openapi-check';

/** The response check the API client runs on every answer: it must catch what it is there to catch. */
const call = (overrides: Partial<OpenApiCall>): OpenApiCall => {
  const body = overrides.body ?? { workspaces: [] };
  return {
    method: 'GET',
    path: '/api/merchants/workspaces',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body,
    text: JSON.stringify(body),
    ...overrides,
  };
};

const workspace = { merchant_id: '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b', name: 'Corner Shop', role: 'owner' };

describe('the API client checks every answer against docs/openapi.json', () => {
  it('accepts an answer that matches its operation', () => {
    expect(() => checkAgainstOpenApi(call({ body: { workspaces: [workspace] } }))).not.toThrow();
  });

  it('names the method, the route and the field of a body that does not match', () => {
    const wrong = call({ body: { workspaces: [{ ...workspace, role: 'boss' }] } });
    expect(() => checkAgainstOpenApi(wrong)).toThrow(
      /OpenAPI mismatch: GET \/api\/merchants\/workspaces answered 200: \/workspaces\/0\/role must be equal to one of the allowed values/,
    );
    const extra = call({ body: { workspaces: [], secret: 'x' } });
    expect(() => checkAgainstOpenApi(extra)).toThrow(/\(body\) has secret, which the schema does not list/);
  });

  it('matches concrete paths to templates, literal segments first', () => {
    const mine = call({ path: '/api/checkout-splits/mine', body: [{ id: 'x' }] });
    expect(() => checkAgainstOpenApi(mine)).toThrow(/GET \/api\/checkout-splits\/mine answered 200/);
    const detail = call({
      path: '/api/checkout-splits/8c1e2d3f-0000-4000-8000-000000000000',
      status: 404,
      body: { error: 'Not found', code: 'not_found' },
    });
    expect(() => checkAgainstOpenApi(detail)).not.toThrow();
  });

  it('refuses a status the operation does not list, and error codes it does not list', () => {
    expect(() => checkAgainstOpenApi(call({ status: 402, body: { error: 'x' } }))).toThrow(
      /GET \/api\/merchants\/workspaces answered 402, a status docs\/openapi.json does not list/,
    );
    const unknownCode = call({
      method: 'POST',
      path: '/api/auth/email/start',
      status: 400,
      body: { error: 'Enter a valid email address', code: 'made_up' },
    });
    expect(() => checkAgainstOpenApi(unknownCode)).toThrow(/\/code must be equal to one of the allowed values/);
  });

  it('takes 413 and 5xx through the default response, in the error shape', () => {
    expect(() => checkAgainstOpenApi(call({ status: 500, body: { error: 'Something went wrong!' } }))).not.toThrow();
    expect(() => checkAgainstOpenApi(call({ status: 500, body: { oops: true } }))).toThrow(
      /answered 500: \(body\) must have required property 'error'/,
    );
  });

  it('checks the content type, and leaves paths and methods the document does not describe alone', () => {
    expect(() => checkAgainstOpenApi(call({ contentType: 'text/html', body: '<p>hi</p>', text: '<p>hi</p>' }))).toThrow(
      /with content-type text\/html; documented: application\/json/,
    );
    expect(() => checkAgainstOpenApi(call({ path: '/checkout/abc', contentType: 'text/html' }))).not.toThrow();
    expect(() =>
      checkAgainstOpenApi(call({ method: 'PUT', status: 404, body: { error: 'Not found', code: 'not_found' } })),
    ).not.toThrow();
  });
});
