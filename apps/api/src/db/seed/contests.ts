// Contests, their per-market entities and winners (SPEC.md 3 Contest): several
// per market, one featured entity per market, some with winning numbers, some with winners, a
// display name shared by two contests (lists deduplicate by it) and two entities of one contest
// in the same market. One ended contest has entrants (members who cannot sign in), their entries
// and a recorded draw made with the real seeded shuffle, so its public draw record
// (/contests/{entity}/draws) shows what a real draw leaves behind.
import { addDays } from '@market/domain/expiry';
import { slugify } from '@market/domain/category-lists';
import { HEADQUARTERS, MARKETS, type MarketId } from '@market/domain/markets';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { mediaPaths } from '../media-paths.ts';
import { FIRST_NAMES, SURNAMES } from './content.ts';
import type { Sponsor } from './catalogue.ts';
import type { CityPool } from './geography.ts';
import { DRAW_METHOD, pickWinners } from '../../modules/contests/lib/draw.ts';
import { Random } from './random.ts';

export interface ContestRow {
  id: number;
  slug: string;
  display_name: string;
  description: string;
  rules_html: string;
  picture_path: string;
  banner_path: string;
  win_save_contest_link: string | null;
  merchant_id: number | null;
  sweepstakes_numbers: string[];
  prize: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  created_at: string;
  /** Set, not left to the column's now(): the same seed must give the same rows. */
  updated_at: string;
}

export interface ContestEntityRow {
  id: number;
  contest_id: number;
  market_id: MarketId;
  location_id: number | null;
  is_featured: boolean;
}

export interface ContestWinnerRow {
  id: number;
  contest_id: number;
  draw_id: number | null;
  user_id: number | null;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  winning: string;
  selected_at: string;
}

/** A seeded entrant: a member account no one can sign in to (its password hash is not a hash). */
export interface EntrantRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  state: string;
  zip: string;
  email_verified_at: string;
  terms_agreed_at: string;
  password_changed_at: string;
  created_at: string;
  updated_at: string;
}

export interface ContestEntryRow {
  id: number;
  contest_id: number;
  user_id: number;
  entity_id: number;
  created_at: string;
}

export interface ContestDrawRow {
  id: number;
  contest_id: number;
  seed: number;
  winners_requested: number;
  winners_selected: number;
  eligible_entries: number;
  entry_ids: number[];
  method: string;
  entrants: number;
  ran_by: null;
  drawn_at: string;
}

/** Not an argon2 PHC string: verifyPassword answers false for it, so seeded entrants never sign in. */
const NO_PASSWORD = '!seeded-entrant';

interface ContestDesign {
  key: string;
  displayName: string;
  prize: string;
  retailValue: number;
  markets: MarketId[];
  /** One contest per market, named after that market's sponsor. */
  perMarket?: boolean;
  sponsorKind: string;
  start: number;
  end: number;
  active?: boolean;
  sweepstakes?: boolean;
  winners?: number;
  /** Seeded entrants of an ended contest: its winners come from a recorded draw among their entries. */
  entrants?: number;
  /** Markets that get a second entity of the same contest, at another location. */
  secondEntityIn?: MarketId[];
  externalPage?: boolean;
  slugSuffix?: string;
}

const ALL: MarketId[] = ['detroit', 'chicago', 'minneapolis', 'florida'];

const DESIGNS: ContestDesign[] = [
  { key: 'grocery', displayName: 'Win a $500 Grocery Gift Card', prize: '$500 grocery gift card', retailValue: 500, markets: ALL, sponsorKind: 'retail', start: -20, end: 25, externalPage: true },
  { key: 'dinner', displayName: 'Win Dinner for Two at {merchant}', prize: '$150 dinner for two', retailValue: 150, markets: ALL, perMarket: true, sponsorKind: 'restaurant', start: -10, end: 35 },
  { key: 'makeover', displayName: 'Win a $1,000 Home Makeover', prize: '$1,000 home makeover', retailValue: 1000, markets: ['detroit', 'minneapolis'], sponsorKind: 'home-improvement', start: -5, end: 50, externalPage: true },
  { key: 'zoo', displayName: 'Win a Family Four-Pack of Zoo Passes', prize: 'Four zoo day passes', retailValue: 120, markets: ['minneapolis', 'chicago', 'florida'], sponsorKind: 'entertainment', start: -14, end: 21 },
  { key: 'oil', displayName: 'Win a Year of Free Oil Changes', prize: 'Four oil changes', retailValue: 280, markets: ['detroit', 'chicago'], sponsorKind: 'auto', start: -7, end: 40 },
  { key: 'spa', displayName: 'Win a Spa Day for Two', prize: 'Spa day for two', retailValue: 400, markets: ALL, sponsorKind: 'health-beauty', start: -12, end: 30, secondEntityIn: ['detroit'] },
  {
    key: 'magazine', displayName: 'Magazine Match & Win Sweepstakes', prize: '$100 gift card', retailValue: 100, markets: ALL, sponsorKind: 'retail', start: -30, end: 30,
    sweepstakes: true, winners: 3, externalPage: true,
  },
  { key: 'water-park', displayName: 'Win Season Passes to the Water Park', prize: 'Two season passes', retailValue: 300, markets: ['florida', 'detroit'], sponsorKind: 'entertainment', start: -60, end: -10, winners: 3, entrants: 24 },
  {
    key: 'restaurant-card', displayName: 'Win a $250 Restaurant Gift Card', prize: '$250 restaurant gift card', retailValue: 250, markets: ['chicago', 'minneapolis'], sponsorKind: 'restaurant', start: -75, end: -20,
    sweepstakes: true, winners: 2,
  },
  // The same display name as the first contest: contest lists deduplicate by display name (SPEC.md 3).
  { key: 'grocery-spring', displayName: 'Win a $500 Grocery Gift Card', prize: '$500 grocery gift card', retailValue: 500, markets: ['detroit', 'chicago'], sponsorKind: 'retail', start: -3, end: 60, slugSuffix: 'spring' },
  { key: 'gift-basket', displayName: 'Holiday Gift Basket Giveaway', prize: 'Holiday gift basket', retailValue: 75, markets: ['detroit'], sponsorKind: 'retail', start: -100, end: 10, active: false },
];

/** The contest whose entity is featured in each market (exactly one per market). */
const FEATURED: Record<MarketId, string> = { detroit: 'makeover', chicago: 'dinner', minneapolis: 'zoo', florida: 'grocery' };

function rules(design: ContestDesign, markets: MarketId[], startsAt: string, endsAt: string, sponsorName: string | null): string {
  const states = markets.map((m) => MARKETS[m].fullAdministrativeArea).join(', ');
  const [sy, sm, sd] = startsAt.split('-');
  const [ey, em, ed] = endsAt.split('-');
  const sponsor = sponsorName ? ` Prize provided by ${escapeMarkup(sponsorName)}.` : '';
  return [
    '<p><strong>No purchase necessary</strong> to enter or win. A purchase will not increase your chances of winning. Void where prohibited.</p>',
    '<ol>',
    `<li><strong>Eligibility:</strong> open to legal residents of ${states} who are 18 years of age or older and registered members at the time of entry.</li>`,
    `<li><strong>Entry period:</strong> ${sm}/${sd}/${sy} through ${em}/${ed}/${ey}, 11:59 p.m. Eastern Time.</li>`,
    '<li><strong>How to enter:</strong> sign in, open the contest, accept these rules and select Enter Contest. Limit one entry per person.</li>',
    `<li><strong>Prize:</strong> one (1) ${escapeMarkup(design.prize)}, approximate retail value $${design.retailValue.toLocaleString('en-US')}.${sponsor}</li>`,
    '<li><strong>Winner selection:</strong> a random drawing within seven days after the entry period. Odds of winning depend on the number of eligible entries received. The winner is notified by e-mail.</li>',
    design.sweepstakes ? '<li><strong>Magazine numbers:</strong> if a number printed in your magazine matches a winning number, submit the claim form within 14 days.</li>' : '',
    `<li><strong>Sponsor:</strong> ${HEADQUARTERS.name}, ${HEADQUARTERS.street}, ${HEADQUARTERS.city}, ${HEADQUARTERS.state} ${HEADQUARTERS.zip}.</li>`,
    '</ol>',
  ].join('');
}

export interface ContestSeed {
  contests: ContestRow[];
  entities: ContestEntityRow[];
  winners: ContestWinnerRow[];
  entrants: EntrantRow[];
  entries: ContestEntryRow[];
  draws: ContestDrawRow[];
}

/** Builds the contests from the sponsors the catalogue generator remembered. */
export function buildContests(options: { seed: number; today: string; sponsors: Map<string, Sponsor[]>; pools: Record<MarketId, CityPool> }): ContestSeed {
  const { seed, today, sponsors, pools } = options;
  const out: ContestSeed = { contests: [], entities: [], winners: [], entrants: [], entries: [], draws: [] };
  const slugs = new Set<string>();
  const sponsorFor = (market: MarketId, kind: string, nth = 0): Sponsor | undefined => {
    const list = sponsors.get(`${market}:${kind}`);
    if (list?.length) return list[nth % list.length];
    for (const [key, value] of sponsors) if (key.startsWith(`${market}:`) && value.length) return value[0];
    return undefined;
  };

  const addContest = (design: ContestDesign, markets: MarketId[], r: Random) => {
    const sponsor = sponsorFor(markets[0]!, design.sponsorKind);
    const displayName = design.displayName.replace('{merchant}', sponsor?.merchantName ?? 'a Local Favorite');
    let slug = slugify(design.slugSuffix ? `${displayName} ${design.slugSuffix}` : design.perMarket ? `${displayName} ${markets[0]}` : displayName);
    while (slugs.has(slug)) slug = `${slug}-${out.contests.length + 1}`;
    slugs.add(slug);
    const startsAt = addDays(today, design.start);
    const endsAt = addDays(today, design.end);
    const contest: ContestRow = {
      id: out.contests.length + 1,
      slug,
      display_name: displayName,
      description: `<p>Enter for your chance to win a <strong>${escapeMarkup(design.prize)}</strong>${sponsor ? ` from <strong>${escapeMarkup(sponsor.merchantName)}</strong>` : ''}.</p><p>One lucky member will be drawn at random after ${endsAt.slice(5, 7)}/${endsAt.slice(8, 10)}/${endsAt.slice(0, 4)}. Good luck!</p>`,
      rules_html: rules(design, markets, startsAt, endsAt, sponsor?.merchantName ?? null),
      picture_path: mediaPaths.contestPicture(slug),
      banner_path: mediaPaths.contestBanner(slug),
      win_save_contest_link: design.externalPage ? `https://contests.localsaver.example/${slug}` : null,
      merchant_id: sponsor?.merchantId ?? null,
      sweepstakes_numbers: design.sweepstakes ? Array.from({ length: 5 }, () => String(r.int(100000, 999999))) : [],
      prize: design.prize,
      starts_at: startsAt,
      ends_at: endsAt,
      is_active: design.active ?? true,
      created_at: `${addDays(startsAt, -2)}T14:00:00Z`,
      updated_at: `${addDays(startsAt, -2)}T14:00:00Z`,
    };
    out.contests.push(contest);

    for (const market of markets) {
      const local = sponsorFor(market, design.sponsorKind);
      const featured = FEATURED[market] === design.key && (!design.perMarket || markets.length === 1);
      out.entities.push({ id: out.entities.length + 1, contest_id: contest.id, market_id: market, location_id: local?.locationIds[0] ?? null, is_featured: featured });
      if (design.secondEntityIn?.includes(market)) {
        const other = sponsorFor(market, design.sponsorKind, 1);
        out.entities.push({ id: out.entities.length + 1, contest_id: contest.id, market_id: market, location_id: other?.locationIds[0] ?? null, is_featured: false });
      }
    }

    if (design.entrants) {
      addDrawnWinners(design, contest, markets, design.entrants, new Random(seed, 'contest-draw', design.key));
      return;
    }
    for (let w = 0; w < (design.winners ?? 0); w++) {
      const market = markets[w % markets.length]!;
      const city = pools[market].pick(r);
      // Winners' towns come in as typed, sometimes lower case: clients show them capitalised (SPEC.md 3).
      const drawDay = design.end < 0 ? addDays(endsAt, 2 + w) : addDays(today, -(7 * (w + 1)));
      out.winners.push({
        id: out.winners.length + 1,
        contest_id: contest.id,
        draw_id: null,
        user_id: null,
        first_name: r.pick(FIRST_NAMES),
        last_name: r.pick(SURNAMES),
        city: r.chance(0.5) ? city.name.toLowerCase() : city.name,
        state: pools[market].state,
        winning: design.sweepstakes ? `${design.prize} (number ${contest.sweepstakes_numbers[w % contest.sweepstakes_numbers.length]})` : design.prize,
        selected_at: `${drawDay}T${String(15 + w).padStart(2, '0')}:00:00Z`,
      });
    }
  };

  // Entrants enter through their market's entity over the contest's run; two days after it ends
  // the draw picks the winners with pickWinners, as `npm run contests:draw` would (docs/operations.md).
  const addDrawnWinners = (design: ContestDesign, contest: ContestRow, markets: MarketId[], entrants: number, r: Random) => {
    const days = Math.max(1, Math.round((Date.parse(contest.ends_at) - Date.parse(contest.starts_at)) / 86_400_000));
    const people: Array<{ entryId: number; userId: number; firstName: string; lastName: string; city: string; state: string }> = [];
    for (let n = 0; n < entrants; n++) {
      const market = markets[n % markets.length]!;
      const place = pools[market].pick(r);
      const enteredOn = addDays(contest.starts_at, Math.floor((n * days) / entrants));
      const at = `${enteredOn}T${String(12 + (n % 10)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:00Z`;
      const user: EntrantRow = {
        id: out.entrants.length + 1,
        email: `entrant-${contest.id}-${n + 1}@seed.localsaver.example`,
        password_hash: NO_PASSWORD,
        first_name: r.pick(FIRST_NAMES),
        last_name: r.pick(SURNAMES),
        state: pools[market].state,
        zip: r.pick(place.zips),
        email_verified_at: at,
        terms_agreed_at: at,
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      };
      out.entrants.push(user);
      const entity = out.entities.find((e) => e.contest_id === contest.id && e.market_id === market)!;
      const entry: ContestEntryRow = { id: out.entries.length + 1, contest_id: contest.id, user_id: user.id, entity_id: entity.id, created_at: at };
      out.entries.push(entry);
      people.push({ entryId: entry.id, userId: user.id, firstName: user.first_name, lastName: user.last_name, city: place.name, state: user.state });
    }
    const drawSeed = r.int(0, 2 ** 31);
    const picked = pickWinners(people, design.winners ?? 1, contest.id, drawSeed);
    const drawnAt = `${addDays(contest.ends_at, 2)}T15:00:00.000Z`;
    const draw: ContestDrawRow = {
      id: out.draws.length + 1,
      contest_id: contest.id,
      seed: drawSeed,
      winners_requested: design.winners ?? 1,
      winners_selected: picked.length,
      eligible_entries: people.length,
      entry_ids: people.map((p) => p.entryId),
      method: DRAW_METHOD,
      entrants: people.length,
      ran_by: null,
      drawn_at: drawnAt,
    };
    out.draws.push(draw);
    for (const p of picked) {
      out.winners.push({
        id: out.winners.length + 1,
        contest_id: contest.id,
        draw_id: draw.id,
        user_id: p.userId,
        first_name: p.firstName,
        last_name: p.lastName,
        city: p.city,
        state: p.state,
        winning: contest.prize,
        selected_at: drawnAt,
      });
    }
  };

  for (const design of DESIGNS) {
    const r = new Random(seed, 'contest', design.key);
    if (design.perMarket) for (const market of design.markets) addContest(design, [market], r);
    else addContest(design, design.markets, r);
  }
  return out;
}
