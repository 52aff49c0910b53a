// How members are greeted by name: the member mails open with the whole first name, each word
// capitalised and the rest as typed; the log-in answer carries the first name as typed, so the
// web greets a multi-word first name whole (SPEC.md 2 Home greeting, docs/decisions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { listMailbox, mailboxDir, type MailboxEntry } from '../mail/lib/mailbox.ts';
import { randomClientIp, registrationBody, signUpMember } from './members.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function mailsTo(email: string, subject: string): Promise<MailboxEntry[]> {
  await t.app.deps.mail.drain();
  return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === email && m.subject === subject);
}

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress: randomClientIp() });

describe('member mail greetings', () => {
  it('greets "walker" as "Hi Walker" in the verification, reset and account-exists mails', async () => {
    const body = registrationBody({ first_name: 'walker' });
    const email = String(body.email);
    expect((await post('/auth/register/', body)).statusCode).toBe(201);
    const [verify] = await mailsTo(email, 'Confirm your LocalSaver e-mail address');
    expect(verify!.text).toContain('Hi Walker,');
    expect(verify!.html).toContain('Hi Walker,');
    expect(verify!.text).not.toContain('Hi walker');

    expect((await post('/auth/passwordreset/', { email })).statusCode).toBe(200);
    const [reset] = await mailsTo(email, 'Reset your LocalSaver password');
    expect(reset!.text).toContain('Hi Walker,');

    expect((await post('/auth/register/', body)).statusCode).toBe(201);
    const [exists] = await mailsTo(email, 'You already have a LocalSaver account');
    expect(exists!.text).toContain('Hi Walker,');
  });

  it('greets a multi-word first name whole and keeps the capitals the member typed', async () => {
    const maryAnn = registrationBody({ first_name: 'mary ann' });
    const mcKenzie = registrationBody({ first_name: 'McKenzie' });
    for (const body of [maryAnn, mcKenzie]) expect((await post('/auth/register/', body)).statusCode).toBe(201);
    const [toMaryAnn] = await mailsTo(String(maryAnn.email), 'Confirm your LocalSaver e-mail address');
    expect(toMaryAnn!.text).toContain('Hi Mary Ann,');
    const [toMcKenzie] = await mailsTo(String(mcKenzie.email), 'Confirm your LocalSaver e-mail address');
    expect(toMcKenzie!.text).toContain('Hi McKenzie,');
  });
});

describe('the first name in the log-in answer', () => {
  it('answers the whole first name as typed beside the full name', async () => {
    const member = await signUpMember(t.app, { first_name: 'mary ann', last_name: 'Walker' });
    const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: member.email, password: member.password }, remoteAddress: member.ip });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: unknown }).user).toEqual({ id: member.id, name: 'mary ann Walker', email: member.email, first_name: 'mary ann' });
  });

  it('answers the new first name with the fresh token of a password change', async () => {
    const member = await signUpMember(t.app, { first_name: 'pat' });
    const renamed = await t.app.inject({ method: 'PUT', url: '/auth/user/info/', headers: member.headers, payload: { first_name: 'Mary Ann' } });
    expect(renamed.statusCode).toBe(200);
    const newPassword = `${member.password} and more`;
    const changed = await t.app.inject({ method: 'PUT', url: '/auth/user/changepassword/', headers: member.headers, payload: { password: member.password, new_password: newPassword, re_new_password: newPassword } });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { user: { first_name: string } }).user.first_name).toBe('Mary Ann');
  });
});
