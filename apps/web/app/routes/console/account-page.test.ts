// @vitest-environment node
// /console/account: the staff member's own e-mail address, recovery codes and authenticator app,
// each asking for the password again, against a stubbed API.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { action, loader } from './account.tsx';

const session = 'console_session=staff-token-0123456789abcdef';
type Args = Parameters<typeof action>[0];
const args = (request: Request, context: unknown) => ({ request, context, params: {}, unstable_pattern: '' }) as unknown as Args;
const ME = { id: 4, email: 'sam@localsaver.example', first_name: 'Sam', last_name: 'Editor', role: 'editor', markets: null };
const post = (form: Record<string, string>) => pageRequest('/console/account', { cookie: session, form });

describe('/console/account', () => {
  it('shows the address I sign in with', async () => {
    const { context } = consoleContext({ 'GET /api/console/me/': { body: ME } });
    expect((await outcome(() => loader(args(pageRequest('/console/account', { cookie: session }), context) as never))).body).toEqual({ email: 'sam@localsaver.example' });
  });

  it('changes my e-mail address with my password; a taken address shows beside its field; bad input never reaches the API', async () => {
    const { context, calls } = consoleContext({
      'POST /api/console/account/email/': (call) =>
        (call.body as { email: string }).email === 'taken@localsaver.example'
          ? { status: 409, body: { detail: 'Another account uses this e-mail address.', email: ['Another account uses this e-mail address.'] } }
          : { body: { ...ME, email: 'new@localsaver.example' } },
    });
    const done = await outcome(() => action(args(post({ intent: 'email', email: ' New@LocalSaver.example ', current_password: 'pw' }), context)));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'new@localsaver.example', current_password: 'pw' } });
    expect(done.body).toMatchObject({ intent: 'email', ok: true, email: 'new@localsaver.example' });
    const taken = await outcome(() => action(args(post({ intent: 'email', email: 'taken@localsaver.example', current_password: 'pw' }), context)));
    expect(taken.body).toMatchObject({ intent: 'email', ok: false, fields: { email: ['Another account uses this e-mail address.'] }, email: 'taken@localsaver.example' });
    const bad = await outcome(() => action(args(post({ intent: 'email', email: 'nope', current_password: '' }), context)));
    expect(bad.body).toMatchObject({ ok: false, fields: { email: expect.any(Array), current_password: expect.any(Array) } });
    expect(calls).toHaveLength(2);
  });

  it('shows new recovery codes once; a wrong password is named', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde${String(i).padStart(5, 'f')}`);
    const { context } = consoleContext({
      'POST /api/console/account/recovery-codes/': (call) =>
        (call.body as { current_password: string }).current_password === 'right' ? { body: { recovery_codes: codes } } : { status: 400, body: { current_password: ['Your password is incorrect.'] } },
    });
    expect((await outcome(() => action(args(post({ intent: 'recovery-codes', current_password: 'right' }), context)))).body).toEqual({ intent: 'recovery-codes', ok: true, codes });
    expect((await outcome(() => action(args(post({ intent: 'recovery-codes', current_password: 'wrong' }), context)))).body).toMatchObject({ ok: false, fields: { current_password: ['Your password is incorrect.'] } });
  });

  it('resets my authenticator app: signed out here too, to sign-in to set up the new one', async () => {
    const { context, calls } = consoleContext({ 'POST /api/console/account/second-factor/reset/': { status: 204 } });
    const reset = await outcome(() => action(args(post({ intent: 'reset-factor', current_password: 'right' }), context)));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { current_password: 'right' } });
    expect(reset.location).toBe('/console/login?factor_reset=1');
    expect(reset.cookies[0]).toMatch(/^console_session=; Path=\/console; Max-Age=0/);
    expect((await outcome(() => action(args(post({ intent: 'other' }), context)))).body).toMatchObject({ ok: false, message: 'Choose what to change.' });
  });
});
