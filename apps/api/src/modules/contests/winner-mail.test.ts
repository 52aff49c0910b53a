// The winner mail greets the member by the whole first name, each word capitalised and the rest
// as typed ('walker' -> 'Congratulations Walker!'; docs/decisions.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir, type MailboxEntry } from '../mail/lib/mailbox.ts';
import { drawWinners } from './lib/draw.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function mailsTo(email: string): Promise<MailboxEntry[]> {
  await t.app.deps.mail.drain();
  return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === email);
}

/** Confirms the member's address through the mailed link, as contest entry may ask. */
async function confirmEmail(email: string): Promise<void> {
  const [mail] = (await mailsTo(email)).filter((m) => m.subject === 'Confirm your LocalSaver e-mail address');
  const match = /\/verify\?id=(\d+)&token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  const res = await t.app.inject({ method: 'POST', url: '/auth/verifyuser/', payload: { id: Number(match![1]), token: match![2] } });
  expect(res.statusCode).toBe(200);
}

describe('the winner mail', () => {
  it('congratulates "mary ann" as "Mary Ann"', async () => {
    const [contest] = await t.db.rows<{ id: number; entity: number; display_name: string }>(sql`
      SELECT c.id, min(e.id) AS entity, c.display_name FROM contests c JOIN contest_entities e ON e.contest_id = c.id
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date
        AND NOT EXISTS (SELECT 1 FROM contest_winners w WHERE w.contest_id = c.id)
      GROUP BY c.id ORDER BY c.id DESC LIMIT 1`);
    const member = await signUpMember(t.app, { first_name: 'mary ann', last_name: 'walker', zipcode: '48226', state: 'MI' });
    await confirmEmail(member.email);
    const entry = await t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: member.headers, payload: { contest: contest!.id, entity_id: contest!.entity } });
    expect(entry.statusCode).toBe(201);

    const draw = await drawWinners({ db: t.db, mail: t.app.deps.mail }, { contestId: contest!.id, winners: 1, seed: 7 });
    expect(draw.winners.map((w) => w.userId)).toEqual([member.id]);
    const [won] = (await mailsTo(member.email)).filter((m) => m.subject === `You won: ${contest!.display_name}`);
    expect(won!.text).toContain('Congratulations Mary Ann!');
  });
});
