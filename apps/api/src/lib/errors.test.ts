// The shared error contract of SPEC.md 8: no input of any shape produces a 5xx, and 4xx bodies
// are JSON objects that name what was wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('error shapes', () => {
  it('answers unknown paths and methods with a JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/nothing-here/'], ['DELETE', '/api/markets/'], ['GET', '/auth/nothing/']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers malformed URL encoding with a 400, not a 5xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/markets/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the error handler on its own routes', () => {
  it('maps framework errors to 4xx bodies and unknown errors to the generic 5xx text', async () => {
    const { default: Fastify } = await import('fastify');
    const { installErrorHandling, SERVER_ERROR_TEXT } = await import('./errors.ts');
    const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
    installErrorHandling(app);
    app.post('/echo', async (req) => ({ got: req.body }));
    app.get('/boom', async () => {
      throw new Error('SELECT * FROM secret_table WHERE path=/etc/passwd');
    });
    await app.ready();

    const badJson = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ non_field_errors: ['The request body is not valid JSON.'] });

    const wrongType = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(wrongType.statusCode).toBe(415);

    const huge = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(BODY_LIMIT_BYTES) }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.' });

    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ detail: SERVER_ERROR_TEXT });
    expect(boom.body).not.toContain('secret_table');
    await app.close();
  });
});
