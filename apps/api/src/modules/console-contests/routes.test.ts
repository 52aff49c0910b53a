// Contests in the staff console: who may do what, creating and editing contests (slug, sanitised
// HTML, markets, featured, versions), the list, draws through the seeded draw (recorded,
// reproducible, audited, mailed, never one member twice) and its public record, and the
// sweepstakes claims inbox.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, signUpVerifiedMember, type TestMember } from '../auth/members.fixtures.ts';
import { pickWinners } from '../contests/lib/draw.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';
import { uploadFile } from '../../../test/support/multipart.ts';
import sharp from 'sharp';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('console contests', () => {
  let t: TestApp;
  let editor: TestStaff;
  let mplsEditor: TestStaff;
  let support: TestStaff;
  let member: TestMember;
  const today = businessToday();

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signUpStaff(t.app, 'editor');
    mplsEditor = await signUpStaff(t.app, 'editor', ['minneapolis']);
    support = await signUpStaff(t.app, 'support');
    member = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, url: string, who?: { headers: Record<string, string> } | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers, payload: payload as Record<string, unknown> | undefined });
  const rows = <T>(q: ReturnType<typeof sql>) => t.db.rows<T>(q);

  const contestBody = (over: Record<string, unknown> = {}) => ({
    display_name: 'Win a Summer Grill',
    prize: 'A gas grill',
    starts_at: addDays(today, -5),
    ends_at: addDays(today, 20),
    description: '<p>Enter <strong>now</strong><script>alert(1)</script></p>',
    rules: '<p onclick="x()">Rules</p>',
    markets: [{ market_id: 'detroit', is_featured: false }],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, who: TestStaff = editor) => {
    const res = await call('POST', '/api/console/contests/', who, contestBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; slug: string; version: number; markets: Array<{ market_id: string; is_featured: boolean; entity_ids: number[] }>; [k: string]: unknown };
  };

  it('answers 401 anonymously, 403 to members, support and editors of other markets, 2xx to editors', async () => {
    const detroit = await create();
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/api/console/contests/'],
      ['POST', '/api/console/contests/', contestBody({ display_name: 'Auth probe' })],
      ['GET', `/api/console/contests/${detroit.id}/`],
      ['PATCH', `/api/console/contests/${detroit.id}/`, { version: detroit.version, prize: 'Two grills' }],
      ['POST', `/api/console/contests/${detroit.id}/draws/`, { winners: 1 }],
      ['GET', `/api/console/contests/${detroit.id}/claims/`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url} member`).toBe(403);
      const bySupport = (await call(method, url, support, body)).statusCode;
      if (url.endsWith('/claims/')) expect(bySupport).toBe(200);
      else expect(bySupport, `${method} ${url} support`).toBe(403);
    }
    // Staff of another market: the Detroit contest is not theirs.
    expect((await call('GET', `/api/console/contests/${detroit.id}/`, mplsEditor)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/console/contests/${detroit.id}/`, mplsEditor, { version: detroit.version, prize: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/console/contests/${detroit.id}/draws/`, mplsEditor, { winners: 1 })).statusCode).toBe(403);
    expect((await call('GET', `/api/console/contests/${detroit.id}/claims/`, mplsEditor)).statusCode).toBe(403);
    expect((await call('POST', '/api/console/contests/', mplsEditor, contestBody({ display_name: 'Not yours' }))).statusCode).toBe(403);
    expect((await call('POST', '/api/console/contests/', mplsEditor, contestBody({ display_name: 'Nowhere', markets: [] }))).statusCode).toBe(400);
    // ...and theirs works.
    const mine = await create({ display_name: 'Twin Cities Tickets', markets: [{ market_id: 'minneapolis' }] }, mplsEditor);
    expect((await call('GET', `/api/console/contests/${mine.id}/`, mplsEditor)).statusCode).toBe(200);
    expect((await call('GET', `/api/console/contests/${detroit.id}/`, editor)).statusCode).toBe(200);
  });

  it('creates a contest: unique slug from the name, sanitised HTML, audited', async () => {
    const a = await create({ display_name: 'Café Giveaway!' });
    const b = await create({ display_name: 'Cafe Giveaway' });
    expect(a.slug).toBe('cafe-giveaway');
    expect(b.slug).toBe('cafe-giveaway-2');
    expect(a.description).toBe('<p>Enter <strong>now</strong></p>');
    expect(a.rules).toBe('<p>Rules</p>');
    expect(a).toMatchObject({ status: 'running', is_active: true, entry_count: 0, version: 1, markets: [{ market_id: 'detroit', is_featured: false }] });
    const taken = await call('POST', '/api/console/contests/', editor, contestBody({ slug: 'cafe-giveaway' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().slug).toBeDefined();
    const [audit] = await rows<{ action: string; actor_id: number; after: { slug: string } }>(sql`SELECT action, actor_id, after FROM audit_log WHERE entity = 'contest' AND entity_id = ${String(a.id)}`);
    expect(audit).toMatchObject({ action: 'contest.create', actor_id: editor.id, after: { slug: 'cafe-giveaway' } });
  });

  it('refuses bad input of any shape with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [contestBody({ ends_at: addDays(today, -10) }), 'ends_at'],
      [contestBody({ starts_at: '2026-02-30' }), 'starts_at'],
      [contestBody({ display_name: '' }), 'display_name'],
      [contestBody({ display_name: 42 }), 'display_name'],
      [contestBody({ markets: [{ market_id: 'atlantis' }] }), 'markets.0.market_id'],
      [contestBody({ markets: [{ market_id: 'detroit' }, { market_id: 'detroit' }] }), 'markets'],
      [contestBody({ markets: 'detroit' }), 'markets'],
      [contestBody({ win_save_contest_link: 'javascript:alert(1)' }), 'win_save_contest_link'],
      [contestBody({ sweepstakes_numbers: ['abc'] }), 'sweepstakes_numbers.0'],
      [contestBody({ merchant_id: 2_000_000_000 }), 'merchant_id'],
      [contestBody({ is_active: 'maybe' }), 'is_active'],
      [contestBody({ description: 'x'.repeat(60_000) }), 'description'],
      [contestBody({ display_name: 'a\u0000b' }), 'display_name'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/console/contests/', editor, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    for (const body of [[], 'text', 7, null]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/console/contests/', headers: { ...editor.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode).toBe(400);
    }
    const c = await create();
    const patches: Array<[unknown, string]> = [
      [{ prize: 'x' }, 'version'],
      [{ version: 'one' }, 'version'],
      [{ version: c.version, ends_at: addDays(today, -30) }, 'ends_at'],
      [{ version: c.version, slug: 'Not A Slug!' }, 'slug'],
    ];
    for (const [body, field] of patches) {
      const res = await call('PATCH', `/api/console/contests/${c.id}/`, editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    for (const [url, q] of [['/api/console/contests/', '?status=soon'], ['/api/console/contests/', '?sort=prize'], ['/api/console/contests/', '?page=0'], ['/api/console/contests/', '?market=x']] as const) {
      expect((await call('GET', url + q, editor)).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/console/contests/abc/', editor)).statusCode).toBe(400);
    expect((await call('GET', '/api/console/contests/2000000000/', editor)).statusCode).toBe(404);
    for (const body of [{}, { winners: 0 }, { winners: 101 }, { winners: 1.5 }, { winners: 1, seed: -1 }, { winners: 1, seed: 'abc' }]) {
      const res = await call('POST', `/api/console/contests/${c.id}/draws/`, editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).some((k) => k === 'winners' || k === 'seed')).toBe(true);
    }
  });

  it('edits with the version read: a stale one answers 409 with the current contest; audited before and after', async () => {
    const c = await create({ display_name: 'Versioned Contest' });
    const ok = await call('PATCH', `/api/console/contests/${c.id}/`, editor, { version: 1, prize: 'A bigger grill', markets: [{ market_id: 'detroit' }, { market_id: 'chicago' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ version: 2, prize: 'A bigger grill', slug: 'versioned-contest' });
    expect(ok.json().markets.map((m: { market_id: string }) => m.market_id)).toEqual(['chicago', 'detroit']);
    const stale = await call('PATCH', `/api/console/contests/${c.id}/`, editor, { version: 1, prize: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: c.id, version: 2, prize: 'A bigger grill' });
    const [audit] = await rows<{ before: { prize: string }; after: { prize: string } }>(sql`SELECT before, after FROM audit_log WHERE action = 'contest.update' AND entity_id = ${String(c.id)}`);
    expect(audit).toMatchObject({ before: { prize: 'A gas grill' }, after: { prize: 'A bigger grill' } });
    // Shown in Detroit and Chicago: a Minneapolis editor cannot change it; removing a market works.
    const back = await call('PATCH', `/api/console/contests/${c.id}/`, editor, { version: 2, markets: [{ market_id: 'chicago' }] });
    expect(back.json().markets).toEqual([expect.objectContaining({ market_id: 'chicago' })]);
  });

  it('featuring a contest in a market unsets the market\'s other featured contest, and savers see it at once', async () => {
    const before = await rows<{ id: number; contest_id: number }>(sql`SELECT id, contest_id FROM contest_entities WHERE market_id = 'detroit' AND is_featured`);
    expect(before.length).toBe(1);
    const c = await create({ display_name: 'Featured Now', markets: [{ market_id: 'detroit', is_featured: true }, { market_id: 'chicago', is_featured: false }] });
    const after = await rows<{ contest_id: number }>(sql`SELECT contest_id FROM contest_entities WHERE market_id = 'detroit' AND is_featured`);
    expect(after).toEqual([{ contest_id: c.id }]);
    const chicago = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_entities WHERE market_id = 'chicago' AND is_featured`);
    expect(chicago[0]!.n).toBe(1);
    const banner = await call('GET', '/api/contests/?featured=1&state=MI&city=Detroit');
    expect(banner.json()[0].contest.id).toBe(c.id);
    const unfeature = await call('PATCH', `/api/console/contests/${c.id}/`, editor, { version: c.version, markets: [{ market_id: 'detroit', is_featured: false }, { market_id: 'chicago' }] });
    expect(unfeature.statusCode).toBe(200);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_entities WHERE market_id = 'detroit' AND is_featured`))[0]!.n).toBe(0);
  });

  it('takes a banner and a picture (editors of its markets), re-encoded, audited, and shown to savers at once', async () => {
    const c = await create({ display_name: 'Banner Contest', markets: [{ market_id: 'detroit', is_featured: true }] });
    const saverBanner = async () => (await call('GET', '/api/contests/?featured=1&state=MI&city=Detroit')).json()[0].contest as { id: number; banner: string | null; path: string | null };
    // Read once, so the answer is cached before the upload.
    expect(await saverBanner()).toMatchObject({ id: c.id, banner: null });
    const jpeg = await sharp({ create: { width: 3000, height: 750, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER-MARK' } })
      .toBuffer();
    const url = `/api/console/contests/${c.id}/banner/`;
    expect((await uploadFile(t.app, url, undefined, jpeg)).statusCode).toBe(401);
    expect((await uploadFile(t.app, url, member.headers, jpeg)).statusCode).toBe(403);
    expect((await uploadFile(t.app, url, support.headers, jpeg)).statusCode).toBe(403);
    expect((await uploadFile(t.app, url, mplsEditor.headers, jpeg)).statusCode).toBe(403);
    expect((await uploadFile(t.app, '/api/console/contests/2000000000/banner/', editor.headers, jpeg)).statusCode).toBe(404);
    const wrong = await uploadFile(t.app, url, editor.headers, Buffer.from('GIF89a not really'), { filename: 'x.jpg' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().file).toBeDefined();

    const res = await uploadFile(t.app, url, editor.headers, jpeg);
    expect(res.statusCode, res.body).toBe(200);
    const banner = res.json().banner_path as string;
    expect(banner).toMatch(/^\/media\/uploads\/banner-[0-9a-f]{32}\.webp$/);
    expect(res.json().version).toBe(c.version + 1);
    const served = await call('GET', banner);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('SECRET-OWNER-MARK')).toBe(false);
    // The cached saver answer was dropped: the banner shows at once.
    expect((await saverBanner()).banner).toBe(banner);

    const picture = await uploadFile(t.app, `/api/console/contests/${c.id}/picture/`, editor.headers, await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2980b9' } }).png().toBuffer(), { type: 'image/png' });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.json().picture_path).toMatch(/^\/media\/uploads\/picture-[0-9a-f]{32}\.webp$/);
    expect((await saverBanner()).path).toBe(picture.json().picture_path);

    const audit = await rows<{ action: string; before: { banner_path: string | null }; after: { banner_path: string } }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'contest' AND entity_id = ${String(c.id)} AND action LIKE 'contest.upload_%' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['contest.upload_banner', 'contest.upload_picture']);
    expect(audit[0]!.before.banner_path).toBeNull();
    expect(audit[0]!.after.banner_path).toBe(banner);
  });

  it('lists with q, status, market, sort and pages; limited staff see their markets only', async () => {
    await create({ display_name: 'Zebra Upcoming Quiz', starts_at: addDays(today, 3), ends_at: addDays(today, 9), markets: [{ market_id: 'florida' }] });
    await create({ display_name: 'Zebra Ended Quiz', starts_at: addDays(today, -30), ends_at: addDays(today, -1), markets: [{ market_id: 'minneapolis' }] });
    const q = await call('GET', '/api/console/contests/?q=zebra&sort=name', editor);
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ count: 2, page: 1, page_size: 25 });
    expect(q.json().results.map((c: { display_name: string }) => c.display_name)).toEqual(['Zebra Ended Quiz', 'Zebra Upcoming Quiz']);
    expect((await call('GET', '/api/console/contests/?q=zebra&status=upcoming', editor)).json().results.map((c: { status: string }) => c.status)).toEqual(['upcoming']);
    expect((await call('GET', '/api/console/contests/?q=zebra&status=ended', editor)).json().count).toBe(1);
    expect((await call('GET', '/api/console/contests/?q=zebra&market=florida', editor)).json().count).toBe(1);
    const limited = await call('GET', '/api/console/contests/?page_size=100', mplsEditor);
    const results = limited.json().results as Array<{ markets: Array<{ market_id: string }> }>;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((c) => c.markets.some((m) => m.market_id === 'minneapolis'))).toBe(true);
    const paged = await call('GET', '/api/console/contests/?page_size=2&page=2&sort=-ends_at', editor);
    expect(paged.json().results).toHaveLength(2);
  });

  describe('draws', () => {
    let contest: { id: number; entity: number };
    const entrants: TestMember[] = [];

    beforeAll(async () => {
      const c = await create({ display_name: 'Drawn Contest', prize: 'Dinner for two' });
      contest = { id: c.id, entity: c.markets[0]!.entity_ids[0]! };
      for (let i = 0; i < 6; i += 1) {
        const m = await signUpVerifiedMember(t.app, { first_name: `Win${i}`, last_name: `Ner${i}`, zipcode: '48226', state: 'MI' });
        const res = await call('POST', '/api/contestapplication/', m, { entity_id: contest.entity });
        expect(res.statusCode).toBe(201);
        entrants.push(m);
      }
    });

    it('refuses a draw before the contest has ended', async () => {
      const res = await call('POST', `/api/console/contests/${contest.id}/draws/`, editor, { winners: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/once it has ended/);
    });

    it('draws an ended contest reproducibly, records and audits it, mails the winners, and publishes the record', async () => {
      const [row] = await rows<{ version: number }>(sql`SELECT version FROM contests WHERE id = ${contest.id}`);
      const ended = await call('PATCH', `/api/console/contests/${contest.id}/`, editor, { version: row!.version, starts_at: addDays(today, -20), ends_at: addDays(today, -1) });
      expect(ended.statusCode).toBe(200);
      const res = await call('POST', `/api/console/contests/${contest.id}/draws/`, editor, { winners: 2, seed: 424242 });
      expect(res.statusCode, res.body).toBe(201);
      const draw = res.json();
      expect(draw).toMatchObject({ contest_id: contest.id, seed: 424242, method: 'seeded-shuffle-v1', entrants: 6, eligible_entries: 6, winners_requested: 2, winners_selected: 2, ran_by: editor.id });
      expect(draw.entry_ids).toHaveLength(6);
      // The record reproduces the pick.
      expect(pickWinners(draw.entry_ids as number[], 2, contest.id, 424242)).toEqual(draw.winners.map((w: { entry_id: number }) => w.entry_id));
      const [audit] = await rows<{ actor_id: number; after: { seed: number; winners: unknown[] } }>(sql`SELECT actor_id, after FROM audit_log WHERE action = 'contest.draw' AND entity_id = ${String(contest.id)}`);
      expect(audit).toMatchObject({ actor_id: editor.id, after: { seed: 424242 } });
      expect(audit!.after.winners).toHaveLength(2);
      await t.app.deps.mail.drain();
      const mails = await listMailbox(mailboxDir(t.env));
      const winnerEmails = entrants.filter((m) => draw.winners.some((w: { user_id: number }) => w.user_id === m.id)).map((m) => m.email);
      expect(winnerEmails).toHaveLength(2);
      for (const email of winnerEmails) expect(mails.some((m) => m.to === email && m.subject === 'You won: Drawn Contest')).toBe(true);

      const detail = await call('GET', `/api/console/contests/${contest.id}/`, editor);
      expect(detail.json().draws[0]).toMatchObject({ id: draw.id, seed: 424242 });

      const pub = await call('GET', `/api/contests/${contest.entity}/draws/`);
      expect(pub.statusCode).toBe(200);
      expect(pub.headers['cache-control']).toMatch(/^public/);
      expect(pub.json()).toMatchObject({ contest: { id: contest.id, display_name: 'Drawn Contest' }, entry_count: 6, draws: [{ seed: 424242, method: 'seeded-shuffle-v1', entrants: 6, eligible_entries: 6 }] });
      expect(pub.json().draws[0].winners[0]).toEqual({ first_name: expect.stringMatching(/^Win\d$/), last_initial: 'N', city: 'Detroit', state: 'MI' });
      for (const m of entrants) expect(pub.body).not.toContain(m.email);
      expect(pub.body).not.toContain('user_id');
      expect((await call('GET', '/api/contests/2000000000/draws/')).statusCode).toBe(404);
      expect((await call('GET', '/api/contests/abc/draws/')).statusCode).toBe(400);
    });

    it('two parallel draws never make one member win twice; with nobody left a draw is refused', async () => {
      const [a, b] = await Promise.all([
        call('POST', `/api/console/contests/${contest.id}/draws/`, editor, { winners: 2 }),
        call('POST', `/api/console/contests/${contest.id}/draws/`, editor, { winners: 2 }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().seed).not.toBe(b.json().seed);
      const won = await rows<{ n: number; members: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS members FROM contest_winners WHERE contest_id = ${contest.id}`);
      expect(won[0]).toEqual({ n: 6, members: 6 });
      const none = await call('POST', `/api/console/contests/${contest.id}/draws/`, editor, { winners: 1 });
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toMatch(/no eligible entries/);
    });
  });

  it('lists sweepstakes claims matched first, then newest; matched=1 keeps the matches; limited staff see their markets', async () => {
    const c = await create({ display_name: 'Numbers Contest', sweepstakes_numbers: ['12345'], markets: [{ market_id: 'detroit' }, { market_id: 'minneapolis' }] });
    const insert = (market: string, isMatch: boolean, name: string, at: string) =>
      rows(sql`INSERT INTO sweepstakes_claims (contest_id, market_id, first_name, last_name, email, numbers, matched_numbers, is_match, address1, address2, city, state, zip, created_at)
               VALUES (${c.id}, ${market}, ${name}, 'Claimant', ${`${name.toLowerCase()}@example.com`}, ARRAY['12345']::text[], ${isMatch ? sql`ARRAY['12345']::text[]` : sql`'{}'::text[]`}, ${isMatch},
                       '1 Main St', '', 'Detroit', 'MI', '48226', ${at}::timestamptz) RETURNING id`);
    await insert('detroit', false, 'Old', '2026-01-01T10:00:00Z');
    await insert('detroit', true, 'Match', '2026-01-02T10:00:00Z');
    await insert('minneapolis', false, 'Newest', '2026-01-03T10:00:00Z');
    const all = await call('GET', `/api/console/contests/${c.id}/claims/`, support);
    expect(all.statusCode).toBe(200);
    expect(all.json().results.map((r: { first_name: string }) => r.first_name)).toEqual(['Match', 'Newest', 'Old']);
    expect(all.json().count).toBe(3);
    const matched = await call('GET', `/api/console/contests/${c.id}/claims/?matched=1`, editor);
    expect(matched.json().results.map((r: { first_name: string }) => r.first_name)).toEqual(['Match']);
    const mine = await call('GET', `/api/console/contests/${c.id}/claims/`, mplsEditor);
    expect(mine.json().results.map((r: { first_name: string }) => r.first_name)).toEqual(['Newest']);
    expect((await call('GET', `/api/console/contests/${c.id}/claims/?matched=maybe`, editor)).statusCode).toBe(400);
  });
});
