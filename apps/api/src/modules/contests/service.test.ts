// Draws and sweepstakes claims (docs/operations.md "Contests and leads"): a draw picks winners from
// the entries with a recorded seed that reproduces the pick, stores them with selected_at, mails
// them, and they show in the winners list; a sweepstakes claim is stored and flagged when its
// numbers match.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS, type MarketId } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp, signUpMember, signUpVerifiedMember, type TestMember } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir, type MailboxEntry } from '../mail/lib/mailbox.ts';
import { DrawError, drawWinners, pickWinners } from './lib/draw.ts';

describe('draws', () => {
  let t: TestApp;
  /** A running contest shown in Detroit, no winners yet, and its Detroit entity. */
  let contest: { id: number; entity: number; prize: string; name: string };
  let sweepstakes: { entity: number; market: MarketId; numbers: string[] };
  let plainEntity: number;
  const members: TestMember[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.db.rows<{ id: number; entity: number; prize: string; display_name: string }>(sql`
      SELECT c.id, min(e.id) AS entity, c.prize, c.display_name FROM contests c JOIN contest_entities e ON e.contest_id = c.id AND e.market_id = 'detroit'
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date
        AND NOT EXISTS (SELECT 1 FROM contest_winners w WHERE w.contest_id = c.id)
      GROUP BY c.id ORDER BY c.id LIMIT 1`);
    contest = { id: row!.id, entity: row!.entity, prize: row!.prize, name: row!.display_name };
    const [sw] = await t.db.rows<{ id: number; market_id: MarketId; sweepstakes_numbers: string[] }>(sql`
      SELECT e.id, e.market_id, c.sweepstakes_numbers FROM contests c JOIN contest_entities e ON e.contest_id = c.id
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date AND cardinality(c.sweepstakes_numbers) > 0
      ORDER BY e.id LIMIT 1`);
    sweepstakes = { entity: sw!.id, market: sw!.market_id, numbers: sw!.sweepstakes_numbers };
    const [plain] = await t.db.rows<{ id: number }>(sql`
      SELECT e.id FROM contests c JOIN contest_entities e ON e.contest_id = c.id
      WHERE c.is_active AND c.starts_at <= ${t.today}::date AND c.ends_at >= ${t.today}::date AND cardinality(c.sweepstakes_numbers) = 0
      ORDER BY e.id LIMIT 1`);
    plainEntity = plain!.id;
    const names = [['ann', 'lee'], ['Bob', 'Ray'], ['cy', 'dee'], ['Di', 'Fox'], ['Ed', 'Gray'], ['Flo', 'Hill'], ['Gus', 'Ivy'], ['Hal', 'Joy']];
    for (const [first, last] of names) {
      const m = await signUpVerifiedMember(t.app, { first_name: first, last_name: last, zipcode: '48226', state: 'MI' });
      const res = await t.app.inject({ method: 'POST', url: '/api/contestapplication/', headers: m.headers, payload: { contest: contest.id, entity_id: contest.entity } });
      expect(res.statusCode).toBe(201);
      members.push(m);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function mailsTo(to: string): Promise<MailboxEntry[]> {
    await t.app.deps.mail.drain();
    return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === to);
  }

  describe('drawing winners', () => {
    it('picks winners with a recorded seed that reproduces the pick, stores and mails them', async () => {
      const draw = await drawWinners({ db: t.db, mail: t.app.deps.mail }, { contestId: contest.id, winners: 3, seed: 20260101 });
      expect(draw).toMatchObject({ contestId: contest.id, seed: 20260101, eligibleEntries: 8, winnersRequested: 3 });
      expect(draw.winners).toHaveLength(3);
      const memberIds = new Set(members.map((m) => m.id));
      expect(draw.winners.every((w) => memberIds.has(w.userId))).toBe(true);
      expect(new Set(draw.winners.map((w) => w.userId)).size).toBe(3);

      const [recorded] = await t.db.rows<{ seed: string | number; entry_ids: number[]; winners_selected: number; eligible_entries: number }>(
        sql`SELECT seed, entry_ids, winners_selected, eligible_entries FROM contest_draws WHERE id = ${draw.drawId}`,
      );
      expect(Number(recorded!.seed)).toBe(20260101);
      expect(recorded!.winners_selected).toBe(3);
      // The audit: the recorded entries and seed give the same winners again.
      expect(pickWinners(recorded!.entry_ids, 3, contest.id, 20260101)).toEqual(draw.winners.map((w) => w.entryId));

      const stored = await t.db.rows<{ user_id: number; draw_id: number; city: string; state: string; winning: string; selected_at: string }>(
        sql`SELECT user_id, draw_id, city, state, winning, selected_at::text FROM contest_winners WHERE contest_id = ${contest.id} ORDER BY id`,
      );
      expect(stored).toHaveLength(3);
      // City from the member's ZIP (48226 is Detroit), the contest's prize, a selected_at.
      expect(stored.every((w) => w.draw_id === draw.drawId && w.city === 'Detroit' && w.state === 'MI' && w.winning === contest.prize && w.selected_at)).toBe(true);

      for (const w of draw.winners) {
        const mails = await mailsTo(w.email);
        const won = mails.filter((m) => m.subject === `You won: ${contest.name}`);
        expect(won).toHaveLength(1);
        expect(won[0]!.text).toContain(`Your prize: ${contest.prize}.`);
      }

      // The winners list of the market shows them, newest first, with the display fields.
      const list = await t.app.inject({ method: 'GET', url: '/api/contestwinners/?state=MI&limit=100' });
      const shown = (list.json() as Array<{ id: number; drawn: boolean; contest: { id: number; entity_id: number }; display_name: string; display_location: string }>).filter((w) => w.contest.id === contest.id);
      expect(shown.map((w) => w.id).sort()).toEqual(draw.winners.map((w) => w.winnerId).sort());
      // Drawn winners point at their contest's draw record.
      expect(shown.every((w) => w.drawn && w.contest.entity_id === contest.entity)).toBe(true);
      const first = draw.winners[0]!;
      expect(shown.find((w) => w.id === first.winnerId)).toMatchObject({ display_location: 'Detroit MI', display_name: `${first.firstName.charAt(0).toUpperCase()}${first.firstName.slice(1).toLowerCase()} ${first.lastName.charAt(0).toUpperCase()}.` });
    });

    it('never picks a member twice, even with two draws at once, and stops when nobody is left', async () => {
      const [a, b] = await Promise.all([
        drawWinners({ db: t.db, mail: null }, { contestId: contest.id, winners: 2 }),
        drawWinners({ db: t.db, mail: null }, { contestId: contest.id, winners: 2 }),
      ]);
      expect(a.seed).not.toBe(b.seed);
      const rest = await drawWinners({ db: t.db, mail: null }, { contestId: contest.id, winners: 10 });
      expect(rest.winners).toHaveLength(1);
      expect(rest.eligibleEntries).toBe(1);
      const [count] = await t.db.rows<{ n: number; members: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS members FROM contest_winners WHERE contest_id = ${contest.id}`);
      expect(count).toEqual({ n: 8, members: 8 });
      await expect(drawWinners({ db: t.db, mail: null }, { contestId: contest.id, winners: 1 })).rejects.toThrow(DrawError);
      await expect(drawWinners({ db: t.db, mail: null }, { contestId: 2_147_483_000, winners: 1 })).rejects.toThrow('does not exist');
      await expect(drawWinners({ db: t.db, mail: null }, { contestId: contest.id, winners: 0 })).rejects.toThrow('at least 1');
    });

    it('the command explains its arguments', () => {
      const cli = fileURLToPath(new URL('./lib/draw-cli.ts', import.meta.url));
      const run = (...args: string[]) => spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', cli, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: t.env.DATA_DIR } });
      const help = run('--help');
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('--contest <id> --winners N [--seed S]');
      const bad = run('--contest', 'abc', '--winners', '2');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--contest must be a whole number');
      expect(run('--nope').status).toBe(2);
    });
  });

  describe('POST /api/sweepstakes/', () => {
    const claim = () => ({
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann.claim@example.com',
      magazinenum: `999999 ${sweepstakes.numbers[1]}`,
      address1: '1 Main St',
      address2: 'Apt 2',
      city: 'Troy',
      state: 'MI',
      zip: '48083',
      randomnum: '8812',
      entity_id: sweepstakes.entity,
    });
    // Claims are made by members whose e-mail address is confirmed (docs/decisions.md).
    let claimant: TestMember;
    beforeAll(async () => {
      claimant = await signUpVerifiedMember(t.app);
    });
    const send = (payload: unknown, headers: Record<string, string> = claimant.headers) =>
      t.app.inject({ method: 'POST', url: '/api/sweepstakes/', payload: payload as object, remoteAddress: randomClientIp(), headers });
    const claimRow = (id: number) =>
      t.db.rows<{ is_match: boolean; matched_numbers: string[]; numbers: string[]; user_id: number | null; market_id: string; zip: string; reference: string }>(
        sql`SELECT is_match, matched_numbers, numbers, user_id, market_id, zip, reference FROM sweepstakes_claims WHERE id = ${id}`,
      );

    it('stores a claim, flags matching numbers and mails the office, without telling the entrant', async () => {
      const res = await send(claim());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), detail: "Your entry has been submitted! We'll reach out to you if there's a match!" });
      const [row] = await claimRow(res.json().id);
      expect(row).toEqual({ is_match: true, matched_numbers: [sweepstakes.numbers[1]], numbers: ['999999', sweepstakes.numbers[1]], user_id: claimant.id, market_id: sweepstakes.market, zip: '48083', reference: '8812' });
      const mails = (await mailsTo(MARKETS[sweepstakes.market].contactEmail)).filter((m) => m.subject.endsWith(`(#${res.json().id})`));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^MATCH - Sweepstakes claim: Ann Lee/);
    });

    it('records a non-matching claim and the member who sent it', async () => {
      const member = await signUpVerifiedMember(t.app);
      const res = await send({ ...claim(), magazinenum: '000001' }, member.headers);
      expect(res.statusCode).toBe(201);
      expect((await claimRow(res.json().id))[0]).toMatchObject({ is_match: false, matched_numbers: [], user_id: member.id });
    });

    it('needs a signed-in member with a confirmed e-mail address: 401 anonymous, 403 unconfirmed, nothing stored', async () => {
      const [before] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sweepstakes_claims`);
      const anonymous = await send(claim(), {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'You need to be logged in to make this request.' });
      const unconfirmed = await signUpMember(t.app);
      const refused = await send(claim(), unconfirmed.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Please confirm your e-mail address to enter contests and sweepstakes. Open the link we e-mailed you, or ask for a new one.' });
      const [after] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sweepstakes_claims`);
      expect(after!.n).toBe(before!.n);
    });

    it('accepts an empty or missing Address 2: most addresses have none (docs/decisions.md)', async () => {
      const { address2: _address2, ...withoutAddress2 } = claim();
      for (const payload of [{ ...claim(), address2: '' }, { ...claim(), address2: '  ' }, withoutAddress2]) {
        const res = await send({ ...payload, magazinenum: '000002' });
        expect(res.statusCode).toBe(201);
        const [row] = await t.db.rows<{ address1: string; address2: string }>(sql`SELECT address1, address2 FROM sweepstakes_claims WHERE id = ${res.json().id}`);
        expect(row).toEqual({ address1: '1 Main St', address2: '' });
        const mail = (await mailsTo(MARKETS[sweepstakes.market].contactEmail)).find((m) => m.subject.endsWith(`(#${res.json().id})`));
        expect(mail?.text).toContain('Address: 1 Main St, Troy, MI 48083');
      }
    });

    it('answers every required field with the SPEC.md 5 message, the zip exactly 5', async () => {
      const empty = await send({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        firstname: ['This is required'],
        lastname: ['This is required'],
        email: ['This is required'],
        magazinenum: ['This is required'],
        address1: ['This is required'],
        city: ['This is required'],
        state: ['This is required'],
        zip: ['This is required'],
        entity_id: ['This is required'],
      });
      expect((await send({ ...claim(), zip: '4808' })).json()).toEqual({ zip: ['Enter a 5-digit zip code.'] });
    });

    it('refuses contests without winning numbers (400) and unknown ones (404)', async () => {
      const plain = await send({ ...claim(), entity_id: plainEntity });
      expect(plain.statusCode).toBe(400);
      expect(plain.json()).toEqual({ entity_id: ['This contest has no winning numbers to claim.'] });
      const unknown = await send({ ...claim(), entity_id: 2_147_483_000 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Contest not found.' });
    });
  });
});

// The winner mail greets the member by the whole first name, each word capitalised and the rest
// as typed ('walker' -> 'Congratulations Walker!'; docs/decisions.md).
describe('winner mail', () => {
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
});
