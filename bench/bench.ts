// `npm run bench [-- --quick]` (docs/performance.md): the national data set in PostgreSQL, then in
// one run and side by side with this machine's floors (a constant 2 KB JSON and `SELECT 1` through
// the same pool, on the same server): req/s at 50 connections and sequential p50/p95/p99 (medians
// of the repetitions) for every endpoint, Lighthouse and first-load JS for the pages, and the
// embedded default's cold start, warm restart and memory. Writes bench/results/<timestamp>.json
// and .md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MARKETS, type MarketId } from '@market/domain/markets';
import { formatRedemptionCode } from '@market/domain/redemption-code';
import { ensureDataset } from './lib/dataset.ts';
import { chainOwnerSession, ensureMerchantDataset, type MerchantDataset } from './lib/merchant-dataset.ts';
import { issueCodes, type IssuedCode } from './lib/codes-dataset.ts';
import { runDigest, type DigestResult } from './lib/digest.ts';
import { load, median, sequential, type LoadResult, type PathGen, type RequestShape, type SeqResult } from './lib/measure.ts';
import { firstLoadJs, runLighthouse, type FirstLoadJs, type LighthouseResult } from './lib/pages.ts';
import { ROOT, sampleMemory, startProcess, waitFor200 } from './lib/proc.ts';
import { renderMarkdown } from './lib/report.ts';
import { evaluateTargets } from './lib/targets.ts';
import { ensureWebBuilt } from '../apps/api/src/web/build.ts';

const USAGE = `Usage: npm run bench [-- options]
  --quick              small data set (bench_quick, scale 5), 1 repetition of 3 s, 1 Lighthouse run
  --reps N             repetitions of every measurement (default 3; medians are reported)
  --seconds N          seconds of load per measurement (default 8)
  --scale N            SEED_SCALE of the data set (default 200: about 1,000,000 offers)
  --seed N             seed number (default 20261122)
  --database NAME      PostgreSQL database for the data set (default bench_national)
  --only REGEX         only the scenarios whose id matches (floors always run)
  --no-lighthouse      skip Lighthouse
  --no-embedded        skip the embedded cold start, restart and memory run
  --digest-members N   members the weekly digest job walks at the end (default 20000, quick 1000; 0 skips it)
PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.`;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    reps: { type: 'string' },
    seconds: { type: 'string' },
    scale: { type: 'string' },
    seed: { type: 'string' },
    database: { type: 'string' },
    only: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-embedded': { type: 'boolean', default: false },
    'digest-members': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const quick = args.quick;
const config = {
  quick,
  reps: Number(args.reps ?? (quick ? 1 : 3)),
  seconds: Number(args.seconds ?? (quick ? 3 : 8)),
  warmupSeconds: quick ? 1 : 2,
  sequentialN: quick ? 60 : 300,
  sequentialMaxSeconds: quick ? 2 : 6,
  connections: 50,
  scale: Number(args.scale ?? (quick ? 5 : 200)),
  seed: Number(args.seed ?? 20261122),
  database: args.database ?? (quick ? 'bench_quick' : 'bench_national'),
  lighthouseRuns: quick ? 1 : 3,
  lighthouse: !args['no-lighthouse'],
  embedded: !args['no-embedded'],
  embeddedLoadSeconds: quick ? 5 : 20,
  /** Seconds of load on a scenario's floor right before and right after it. */
  floorSeconds: quick ? 1 : 2,
  /** A scenario whose floor moved by more than this share while it ran is measured again (twice at most). */
  floorDrift: 0.2,
  digestMembers: Number(args['digest-members'] ?? (quick ? 1000 : 20_000)),
};
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_API_PORT: another port when two benches share the machine (a busy port would measure the other server).
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3300);
const EMBEDDED_PORT = 3301;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------------------------------------
// Deterministic request parameters

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(config.seed);
const MARKET_SHARE: Array<[MarketId, number]> = [['detroit', 0.4], ['chicago', 0.22], ['minneapolis', 0.18], ['florida', 0.2]];

/** A random position within 60 miles of a market office, markets weighted like the seed's merchants: never twice the same. */
function randomPosition(): { lat: number; lng: number } {
  let u = random();
  let market: MarketId = 'detroit';
  for (const [id, share] of MARKET_SHARE) {
    if (u < share) {
      market = id;
      break;
    }
    u -= share;
  }
  const m = MARKETS[market];
  const r = Math.sqrt(random()) * (60 / 69);
  const a = random() * 2 * Math.PI;
  // Florida's office is on the coast: keep the points inland (east of the Gulf).
  const lat = m.lat + r * Math.sin(a);
  const lng = m.lng + (market === 'florida' ? Math.abs(r * Math.cos(a)) : r * Math.cos(a)) / Math.cos((m.lat * Math.PI) / 180);
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

function cycle<T>(items: readonly T[]): () => T {
  let k = 0;
  return () => items[k++ % items.length]!;
}

// ---------------------------------------------------------------------------------------------
// Scenarios

type Floor = 'http' | 'db';
interface Scenario extends RequestShape {
  id: string;
  label: string;
  /** 'uncached': every request a new URL (the answer cache misses); 'hot': one URL repeated. */
  cache: 'uncached' | 'hot' | 'floor';
  floor: Floor | null;
  path: PathGen;
}

interface Fixtures {
  categorySlugs: string[];
  offerIds: number[];
  locationIds: number[];
  merchantSlugs: string[];
  rareWord: string;
  rareWordMatches: number;
  commonWordMatches: number;
  token: string;
  savedItems: number;
  /** A staff admin session, made in the bench database (the console scenarios). */
  staffToken: string;
  merchantWords: string[];
  /** The 500-offer merchant and an owner's session that passed the second factor. */
  chain: MerchantDataset;
  chainOwnerToken: string;
  /** Fresh codes of the chain's copies: the first part is redeemed, the rest checked. */
  codes: IssuedCode[];
  redeemCodes: number;
}

async function fixtures(base: string, dbUrl: string, chain: MerchantDataset): Promise<Fixtures> {
  const categories = (await (await fetch(`${base}/api/categories/`)).json()) as { filter: Array<{ slug: string }> };
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const today = `(now() AT TIME ZONE 'America/Detroit')::date`;
    const offers = await client.query(`SELECT offer_id AS id FROM offer_index WHERE is_active AND expires_at >= ${today} AND random_key % 97 = 5 ORDER BY random_key LIMIT 2000`);
    const locations = await client.query(`SELECT id FROM locations WHERE id % 89 = 3 ORDER BY id LIMIT 2000`);
    const merchants = await client.query(`SELECT m.slug || '/' || l.id AS slug FROM locations l JOIN merchants m ON m.id = l.merchant_id WHERE l.id % 29 = 7 ORDER BY l.id LIMIT 6000`);
    // A rare word: in the dictionary, used by a handful of names.
    const rare = await client.query(`SELECT term FROM search_terms WHERE kind = 'word' AND weight BETWEEN 2 AND 4 AND term ~ '^[a-z]{6,}$' ORDER BY term LIMIT 1 OFFSET 40`);
    const rareWord = (rare.rows[0]?.term as string | undefined) ?? 'zephyr';
    const count = async (word: string) =>
      Number((await client.query(`SELECT count(*)::int AS n FROM offer_index WHERE tsv @@ to_tsquery('english', $1) AND is_active AND expires_at >= ${today}`, [`${word}:*`])).rows[0].n);
    // A member with 50 saved offers (docs/performance.md), through the API like a browser.
    const email = `bench-${Date.now()}@example.com`;
    const password = 'Bench password 1';
    const headers = { 'content-type': 'application/json' };
    const reg = await fetch(`${base}/auth/register/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Bench', lastName: 'Member', state: 'MI', zip: '48201', birthday: '1990-05-06', terms_agree: true, promotions_agree: false }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${base}/auth/login/`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    const { token } = (await login.json()) as { token: string };
    let savedItems = 0;
    for (const row of offers.rows.slice(0, 50)) {
      const res = await fetch(`${base}/api/userclipped/`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: JSON.stringify({ offer_id: row.id }) });
      if (res.status < 300) savedItems++;
    }
    // A staff admin with a session that passed the second factor, written straight into the bench
    // database: the bench measures the console's lists, not its sign-in.
    const staffToken = randomBytes(32).toString('base64url');
    const staff = await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, state, zip, role) VALUES ($1, 'no-password', 'Bench', 'Staff', 'MI', '', 'admin') RETURNING id`,
      [`bench-staff-${Date.now()}@localsaver.example`],
    );
    await client.query(`INSERT INTO access_tokens (user_id, token_hash, expires_at, kind) VALUES ($1, $2, now() + interval '12 hours', 'staff')`, [
      staff.rows[0].id,
      createHash('sha256').update(staffToken, 'utf8').digest('hex'),
    ]);
    const chainOwnerToken = randomBytes(32).toString('base64url');
    await chainOwnerSession(dbUrl, chain.merchantId, createHash('sha256').update(chainOwnerToken, 'utf8').digest('hex'));
    // Every redeem takes a code no request redeemed before: enough for the load of every repetition.
    const redeemCodes = Math.ceil(3_000 * (config.seconds * config.reps + config.warmupSeconds) + config.sequentialN * config.reps);
    const codes = await issueCodes(dbUrl, chain.merchantId, redeemCodes + 20_000);
    const words = await client.query(`SELECT DISTINCT lower(split_part(name, ' ', 1)) AS w FROM merchants WHERE id % 997 = 1 AND length(split_part(name, ' ', 1)) >= 4 LIMIT 40`);
    return {
      chain,
      chainOwnerToken,
      codes,
      redeemCodes,
      staffToken,
      merchantWords: words.rows.map((r) => r.w as string),
      categorySlugs: categories.filter.map((c) => c.slug),
      offerIds: offers.rows.map((r) => r.id as number),
      locationIds: locations.rows.map((r) => r.id as number),
      merchantSlugs: merchants.rows.map((r) => r.slug as string),
      rareWord,
      rareWordMatches: await count(rareWord),
      commonWordMatches: await count('pizza'),
      token,
      savedItems,
    };
  } finally {
    await client.end();
  }
}

function scenarios(f: Fixtures): Scenario[] {
  const pos = () => {
    const p = randomPosition();
    return `lat=${p.lat}&lng=${p.lng}`;
  };
  const category = cycle(f.categorySlugs.filter((s) => s !== 'contests'));
  const offer = cycle(f.offerIds);
  const location = cycle(f.locationIds);
  const merchant = cycle(f.merchantSlugs);
  const prefixes = cycle(['pi', 'piz', 'sa', 'sal', 'mar', 'mo', 'bu', 'bur', 'ca', 'car', 'de', 'th', 'ha', 'au', 'jo', 'ch', 'be', 'st', 'gr', 'la']);
  const typos = cycle(['piza', 'burgr', 'salom', 'carwash', 'chineese', 'masage', 'pizzza', 'dentel']);
  const hot = (p: string): PathGen => () => p;
  // An id no offer has, different every time: the URL (the cache key) never repeats.
  let serial = 0;
  const unique = () => 2_000_000_000 - serial++;
  const auth = { authorization: `Bearer ${f.token}` };
  const staffAuth = { authorization: `Bearer ${f.staffToken}` };
  const market = cycle(['detroit', 'chicago', 'minneapolis', 'florida']);
  const offerStatus = cycle(['live', 'expired', 'scheduled', 'paused', 'draft']);
  const word = cycle(f.merchantWords.length ? f.merchantWords : ['pizza']);
  // The merchant dashboard: 30-day windows ending on each of the last 300 days, so no two
  // consecutive requests read the same rows.
  const ownerAuth = { authorization: `Bearer ${f.chainOwnerToken}` };
  let windowEnd = 0;
  const dashboard = () => {
    const to = new Date(Date.now() - 86_400_000 * (windowEnd++ % 300)).toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    return `/api/merchant/${f.chain.merchantId}/analytics/?from=${from}&to=${to}`;
  };
  // Codes: redeems walk the first part of the issued codes, each once, sent by the till of the
  // copy's location; checks read random codes of the rest (a person scanning a copy at the counter).
  // Every request also comes from a client address of its own among 2,000 (X-Forwarded-For, the
  // bench server trusts 127.0.0.1), as tills of many shops would: the per-address limit of code
  // requests (300 a minute) is for one shop, not for the whole bench.
  const address = (k: number) => ({ 'x-forwarded-for': `10.${(k % 2000) >> 8}.${k % 256}.${1 + (Math.floor(k / 2000) % 250)}` });
  let redeemed = 0;
  let redeemTill = '';
  const redeemPath = () => {
    const issued = f.codes[redeemed++ % f.redeemCodes]!;
    redeemTill = issued.till;
    return `/api/redemption-codes/${issued.code}/redeem/`;
  };
  const checked = f.codes.slice(f.redeemCodes);
  const checkCode = () => checked[Math.floor(random() * checked.length)]!.code;
  return [
    { id: 'floor-http', label: 'HTTP floor: constant 2 KB JSON', cache: 'floor', floor: null, path: hot('/bench/floor/http') },
    { id: 'floor-db', label: 'DB floor: SELECT 1 through the pool', cache: 'floor', floor: null, path: hot('/bench/floor/db') },
    { id: 'entities-near', label: '/api/entities/ category + distance, random positions', cache: 'uncached', floor: 'db', path: () => `/api/entities/?category=${category()}&${pos()}&limit=12` },
    { id: 'entities-near-hot', label: '/api/entities/ category + distance, one position', cache: 'hot', floor: 'http', path: hot(`/api/entities/?category=food-dining&lat=42.4734&lng=-83.2219&limit=12`) },
    { id: 'entities-featured', label: '/api/entities/ featured, default market, a new exclude list each time', cache: 'uncached', floor: 'db', path: () => `/api/entities/?featured=1&limit=12&exclude=${offer()},${unique()}` },
    { id: 'entities-featured-hot', label: '/api/entities/ featured, default market', cache: 'hot', floor: 'http', path: hot('/api/entities/?featured=1&limit=12') },
    { id: 'entities-default', label: '/api/entities/ default (Detroit, nearest)', cache: 'hot', floor: 'http', path: hot('/api/entities/?limit=12') },
    { id: 'search-common', label: "/api/search/ 'pizza', random positions (cold)", cache: 'uncached', floor: 'db', path: () => `/api/search/?q=pizza&${pos()}&limit=12` },
    { id: 'search-common-hot', label: "/api/search/ 'pizza', one position (hot)", cache: 'hot', floor: 'http', path: hot('/api/search/?q=pizza&limit=12') },
    { id: 'search-rare', label: `/api/search/ rare word '${f.rareWord}', random positions`, cache: 'uncached', floor: 'db', path: () => `/api/search/?q=${f.rareWord}&${pos()}&limit=12` },
    { id: 'search-typo', label: "/api/search/ typos ('piza', 'burgr'...), random positions", cache: 'uncached', floor: 'db', path: () => `/api/search/?q=${typos()}&${pos()}&limit=12` },
    { id: 'autocomplete', label: '/api/searchautocomplete/ prefixes, random positions', cache: 'uncached', floor: 'db', path: () => `/api/searchautocomplete/?q=${prefixes()}&${pos()}` },
    { id: 'autocomplete-hot', label: "/api/searchautocomplete/ 'piz', default place", cache: 'hot', floor: 'http', path: hot('/api/searchautocomplete/?q=piz') },
    { id: 'offer-detail', label: '/api/offers/{id}/ random offers', cache: 'uncached', floor: 'db', path: () => `/api/offers/${offer()}/` },
    { id: 'location-detail', label: '/api/locations/{id}/ random locations', cache: 'uncached', floor: 'db', path: () => `/api/locations/${location()}/` },
    { id: 'userfavorites', label: `/api/userfavorites/ member with ${f.savedItems} saved offers`, cache: 'uncached', floor: 'db', path: hot('/api/userfavorites/'), headers: auth },
    { id: 'page-home', label: 'page / (SSR home)', cache: 'hot', floor: 'http', path: hot('/') },
    // A campaign link's own query string each time: the page render cache misses, every request renders.
    { id: 'page-home-render', label: 'page /?utm_campaign={new} (SSR home, rendered each time)', cache: 'uncached', floor: 'http', path: () => `/?utm_campaign=bench-${unique()}` },
    { id: 'page-browse', label: 'page /browse/food-dining', cache: 'hot', floor: 'http', path: hot('/browse/food-dining') },
    { id: 'page-search', label: 'page /search?q=pizza', cache: 'hot', floor: 'http', path: hot('/search?q=pizza') },
    { id: 'console-offers', label: '/api/console/offers/ first page, filtered by market and status (staff)', cache: 'uncached', floor: 'db', path: () => `/api/console/offers/?market=${market()}&status=${offerStatus()}`, headers: staffAuth },
    { id: 'console-offers-search', label: '/api/console/offers/ first page, name search in a market (staff)', cache: 'uncached', floor: 'db', path: () => `/api/console/offers/?q=${word()}&market=${market()}`, headers: staffAuth },
    { id: 'console-merchants', label: '/api/console/merchants/ first page, name search in a market, by name (staff)', cache: 'uncached', floor: 'db', path: () => `/api/console/merchants/?q=${word()}&market=${market()}&sort=name`, headers: staffAuth },
    { id: 'console-leads', label: '/api/console/leads/ first page, new leads of a market (staff)', cache: 'uncached', floor: 'db', path: () => `/api/console/leads/?status=new&market=${market()}`, headers: staffAuth },
    { id: 'merchant-dashboard', label: `/api/merchant/{id}/analytics/ 30 days, a merchant with ${f.chain.offers} offers (owner)`, cache: 'uncached', floor: 'db', path: dashboard, headers: ownerAuth },
    { id: 'page-merchant', label: 'page /merchants/{slug}/{location} random locations', cache: 'uncached', floor: 'db', path: () => `/merchants/${merchant()}` },
    { id: 'code-check', label: '/api/redemption-codes/{code}/ random codes (anyone)', cache: 'uncached', floor: 'db', path: () => `/api/redemption-codes/${checkCode()}/`, headersFor: address },
    // The address a copy's QR code holds: the code as shown, in groups of five.
    { id: 'page-code', label: 'page /r/{code} random codes (a scanned copy)', cache: 'uncached', floor: 'db', path: () => `/r/${formatRedemptionCode(checkCode())}`, headersFor: address },
    {
      id: 'code-redeem',
      label: '/api/redemption-codes/{code}/redeem/ a new code each time (paired till)',
      cache: 'uncached',
      floor: 'db',
      method: 'POST',
      path: redeemPath,
      // Called right after the path of the same request: the till of that code's location.
      headersFor: (k) => ({ ...address(k), 'x-store-device': redeemTill }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The run

/** One repetition of a scenario, with its floor measured right before and right after it. */
export interface ScenarioRun {
  load: LoadResult;
  seq: SeqResult;
  floorBefore: number | null;
  floorAfter: number | null;
  /** Earlier tries of this repetition dropped because the floor moved by more than 20% during them. */
  retries: number;
}

export interface ScenarioResult {
  id: string;
  label: string;
  cache: Scenario['cache'];
  floor: Floor | null;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Median over repetitions of req/s divided by the floor measured around that repetition. */
  ratio: number | null;
  /** Median of the floors measured around the repetitions (req/s). */
  floorRps: number | null;
  reps: ScenarioRun[];
}

async function measureApi(base: string, list: Scenario[]): Promise<ScenarioResult[]> {
  const runs = new Map<string, ScenarioRun[]>();
  const shape = (s: Scenario): RequestShape => ({ method: s.method, body: s.body, headers: s.headers, headersFor: s.headersFor });
  const floorPath: Record<Floor, PathGen> = { http: () => '/bench/floor/http', db: () => '/bench/floor/db' };
  const floorNow = async (floor: Floor) => (await load(base, floorPath[floor], { connections: config.connections, seconds: config.floorSeconds })).rps;
  for (const s of list) {
    log(`warm-up ${s.id}`);
    await load(base, s.path, { connections: config.connections, seconds: config.warmupSeconds, ...shape(s) });
  }
  for (let rep = 1; rep <= config.reps; rep++) {
    for (const s of list) {
      let run: ScenarioRun;
      for (let retries = 0; ; retries++) {
        // The floor this scenario is compared with, right before and right after it: a machine that
        // got busier or quieter meanwhile (PostgreSQL's own work, another process) shows as a moved floor.
        const floorBefore = s.floor ? await floorNow(s.floor) : null;
        const l = await load(base, s.path, { connections: config.connections, seconds: config.seconds, ...shape(s) });
        const q = await sequential(base, s.path, { n: config.sequentialN, maxMs: config.sequentialMaxSeconds * 1000, minN: 40, ...shape(s) });
        const floorAfter = s.floor ? await floorNow(s.floor) : null;
        run = { load: l, seq: q, floorBefore, floorAfter, retries };
        const drift = floorBefore && floorAfter ? Math.abs(floorAfter / floorBefore - 1) : 0;
        const floorText = floorBefore && floorAfter ? `  ${s.floor} floor ${floorBefore.toFixed(0)} -> ${floorAfter.toFixed(0)}` : '';
        log(`rep ${rep} ${s.id.padEnd(22)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${q.p50.toFixed(2)} ms  p95 ${q.p95.toFixed(2)} ms  p99 ${q.p99.toFixed(2)} ms${floorText}${l.non2xx || l.errors ? `  non-2xx ${l.non2xx} errors ${l.errors}` : ''}${q.bad ? ` seq-bad ${q.bad}` : ''}`);
        if (drift <= config.floorDrift || retries >= 2) break;
        log(`  the ${s.floor} floor moved ${(drift * 100).toFixed(0)}% during ${s.id}: measuring it again`);
      }
      runs.set(s.id, [...(runs.get(s.id) ?? []), run]);
    }
  }
  return list.map((s) => {
    const r = runs.get(s.id)!;
    const floorOf = (x: ScenarioRun) => (x.floorBefore && x.floorAfter ? (x.floorBefore + x.floorAfter) / 2 : null);
    const floors = r.map(floorOf).filter((v): v is number => v !== null);
    return {
      id: s.id,
      label: s.label,
      cache: s.cache,
      floor: s.floor,
      rps: median(r.map((x) => x.load.rps)),
      p50: median(r.map((x) => x.seq.p50)),
      p95: median(r.map((x) => x.seq.p95)),
      p99: median(r.map((x) => x.seq.p99)),
      ratio: s.floor && floors.length ? median(r.map((x) => x.load.rps / (floorOf(x) ?? NaN))) : null,
      floorRps: floors.length ? median(floors) : null,
      reps: r,
    };
  });
}

export interface PageResult {
  page: string;
  path: string;
  lighthouse: (LighthouseResult & { runs: number }) | null;
  js: FirstLoadJs;
}

async function measurePages(base: string, f: Fixtures): Promise<PageResult[]> {
  const pages = [
    ['home', '/'],
    ['browse', '/browse/food-dining'],
    ['search', '/search?q=pizza'],
    ['merchant', `/merchants/${f.merchantSlugs[0]}`],
    ['contests', '/contests'],
  ] as const;
  const out: PageResult[] = [];
  for (const [page, path] of pages) {
    const js = await firstLoadJs(base, path);
    let lighthouse: PageResult['lighthouse'] = null;
    if (config.lighthouse && page !== 'contests') {
      const runs: LighthouseResult[] = [];
      for (let k = 0; k < config.lighthouseRuns; k++) runs.push(await runLighthouse(`${base}${path}`));
      const med = (key: keyof LighthouseResult) => median(runs.map((r) => r[key] as number));
      lighthouse = {
        performance: med('performance'),
        accessibility: med('accessibility'),
        bestPractices: med('bestPractices'),
        seo: med('seo'),
        fcpMs: med('fcpMs'),
        lcpMs: med('lcpMs'),
        tbtMs: med('tbtMs'),
        cls: med('cls'),
        failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
        runs: runs.length,
      };
      log(`lighthouse ${page}: performance ${lighthouse.performance}, accessibility ${lighthouse.accessibility}${lighthouse.failedA11y.length ? ` (${lighthouse.failedA11y.join(', ')})` : ''}; first-load JS ${js.gzipKb.toFixed(1)} kB gzip`);
    } else {
      log(`page ${page}: first-load JS ${js.gzipKb.toFixed(1)} kB gzip in ${js.files} files`);
    }
    out.push({ page, path, lighthouse, js });
  }
  return out;
}

export interface EmbeddedResult {
  coldStartMs: number;
  warmRestartMs: number;
  load: { seconds: number; rps: number; non2xx: number; errors: number };
  /** RSS after the cold start (seeded in process), then of the restarted server idle and under load. */
  memory: { afterColdStartMb: number; idleMb: number; maxRssMb: number; peakMb: number };
}

/** The Node options of `npm start` (root package.json), so the embedded run is started the same way. */
function startScriptNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts.start!.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** The embedded default (PGlite in an empty DATA_DIR) through `npm start`'s own script and options. */
async function measureEmbedded(): Promise<EmbeddedResult> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-embedded-'));
  // As `npm start` runs it: no DATABASE_URL, NODE_ENV unset (production mode, scripts/start.ts).
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '', SEED_SCALE: '1', PUBLIC_URL: `http://127.0.0.1:${EMBEDDED_PORT}` };
  try {
    log('embedded: cold start from an empty DATA_DIR...');
    const nodeArgs = startScriptNodeArgs();
    let server = startProcess('scripts/start.ts', env, EMBEDDED_PORT, nodeArgs);
    const coldStartMs = await waitFor200(`${server.base}/`, server, 300_000);
    const afterSeed = sampleMemory(server.child.pid!)();
    log(`embedded: first page after ${(coldStartMs / 1000).toFixed(1)} s (RSS ${afterSeed.maxRssMb.toFixed(0)} MB after seeding in process)`);
    await server.stop();
    server = startProcess('scripts/start.ts', env, EMBEDDED_PORT, nodeArgs);
    const warmRestartMs = await waitFor200(`${server.base}/`, server, 120_000);
    log(`embedded: warm restart, first page after ${(warmRestartMs / 1000).toFixed(2)} s`);
    // Memory of the restarted server (the steady state: no seeding in process) under load.
    const idle = sampleMemory(server.child.pid!)();
    const stopSampling = sampleMemory(server.child.pid!);
    const paths = cycle(['/', '/api/entities/?limit=12', '/browse/food-dining', '/api/search/?q=pizza', '/search?q=pizza', '/api/searchautocomplete/?q=pi', '/api/entities/?featured=1']);
    const l = await load(server.base, () => paths(), { connections: config.connections, seconds: config.embeddedLoadSeconds });
    const mem = stopSampling();
    log(`embedded: ${l.rps.toFixed(0)} req/s mixed pages and API, RSS idle ${idle.maxRssMb.toFixed(0)} MB, max ${mem.maxRssMb.toFixed(0)} MB`);
    await server.stop();
    return {
      coldStartMs,
      warmRestartMs,
      load: { seconds: config.embeddedLoadSeconds, rps: l.rps, non2xx: l.non2xx, errors: l.errors },
      memory: { afterColdStartMb: afterSeed.maxRssMb, idleMb: idle.maxRssMb, maxRssMb: mem.maxRssMb, peakMb: mem.peakMb },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = new Date();
  log(`bench ${quick ? '(quick) ' : ''}- ${config.reps} repetition(s) of ${config.seconds} s at ${config.connections} connections`);
  const dataset = await ensureDataset(ADMIN_URL, config.database, config.scale, config.seed, log);
  log(`data set: ${dataset.counts.offers} offers (${dataset.counts.activeOffers} active) over ${dataset.counts.locations} locations`);
  const chain = await ensureMerchantDataset(dataset.url, log);
  log(`merchant dashboard: merchant ${chain.merchantId} with ${chain.offers} offers, ${chain.dailyRows} merchant-scope daily rows`);
  if (!ensureWebBuilt(log)) throw new Error('web build failed');

  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-api-'));
  // TRUSTED_PROXIES: the code scenarios send each request from a client address of its own.
  const server = startProcess('bench/server.ts', { DATABASE_URL: dataset.url, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${API_PORT}`, TRUSTED_PROXIES: '127.0.0.1' }, API_PORT);
  let api: ScenarioResult[] = [];
  let pages: PageResult[] = [];
  let f: Fixtures;
  try {
    const startMs = await waitFor200(`${server.base}/bench/floor/http`, server, 120_000);
    log(`server up in ${startMs.toFixed(0)} ms`);
    f = await fixtures(server.base, dataset.url, chain);
    log(`fixtures: 'pizza' matches ${f.commonWordMatches} active offers, '${f.rareWord}' ${f.rareWordMatches}; member with ${f.savedItems} saved offers`);
    const only = args.only ? new RegExp(args.only) : undefined;
    const list = scenarios(f).filter((s) => s.cache === 'floor' || !only || only.test(s.id));
    api = await measureApi(server.base, list);
    pages = await measurePages(server.base, f);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const embedded = config.embedded ? await measureEmbedded() : null;
  // The weekly digest job last: it adds its members to the data set and marks offers new.
  let digest: DigestResult | null = null;
  if (config.digestMembers > 0) {
    log(`digest: the weekly digest job for ${config.digestMembers} members (mails queued, not sent)...`);
    digest = await runDigest({ datasetUrl: dataset.url, members: config.digestMembers, batchSize: 500, queueOnly: true }, log);
    log(`digest: ${digest.membersPerSecond} members/s, ${digest.queuedPerSecond} mails queued/s, peak RSS ${digest.peakRssMb} MB`);
  }

  const pgVersion = await (async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    try {
      return String((await c.query('SHOW server_version')).rows[0].server_version);
    } finally {
      await c.end();
    }
  })();
  const results = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: pgVersion, loadAverageAtEnd: os.loadavg() },
    config,
    dataset: { ...dataset, url: undefined, merchantDashboard: f!.chain, rareWord: f!.rareWord, rareWordMatches: f!.rareWordMatches, commonWordMatches: f!.commonWordMatches, memberSavedItems: f!.savedItems },
    api,
    pages,
    embedded,
    digest,
    targets: evaluateTargets(api, pages, embedded),
  };
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stamp = started.toISOString().replace(/[:]/g, '-').replace(/\.\d+Z$/, 'Z');
  const name = `${stamp}${quick ? '-quick' : ''}`;
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, `${name}.md`), renderMarkdown(results));
  log(`wrote bench/results/${name}.json and .md`);
  console.log(renderMarkdown(results));
}

await main();
