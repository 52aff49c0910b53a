// Merchants, locations and offers, generated merchant by merchant so that
// any scale streams in chunks: each merchant draws from its own generator seeded by (seed,
// index), and ids are assigned in order, so the same seed and scale always give the same rows.
import { addDays } from '@market/domain/expiry';
import { categoryList, slugify, type CategoryList, type ListEntry } from '@market/domain/category-lists';
import type { FinePrint } from '@market/domain/fine-print';
import { distanceMeters, MARKETS, type MarketId } from '@market/domain/markets';
import type { OfferValue } from '@market/domain/offer-value';
import { escapeMarkup } from '../../lib/escape-markup.ts';
import { mediaPaths } from '../media-paths.ts';
import type { CategoryIndex } from './categories.ts';
import {
  AREA_CODES,
  BUSINESS_KINDS,
  CAR_MODELS,
  FIRST_NAMES,
  LEASE_HEADLINES,
  LEASE_TERMS,
  PURCHASE_HEADLINES,
  PURCHASE_TERMS,
  SURNAMES,
  placeWords,
  streets,
  type BusinessKind,
  type Flavour,
} from './content.ts';
import { pointInCity, type CityPool } from './geography.ts';
import { seedFinePrint, seedOpeningHours } from './hours.ts';
import { seedOfferTerms } from './offer-values.ts';
import type { Place, ZipPoint } from './places.ts';
import { Random, WeightedTable } from './random.ts';

export const MERCHANTS_PER_SCALE = 1200;

/** Entries of its list a home pro takes on beyond its own while its market lacks some (coverMarket). */
const HOME_PRO_COVERAGE = 6;

/** Share of merchants per market (Detroit, the default market, is the largest). */
const MARKET_WEIGHTS: Array<{ value: MarketId; weight: number }> = [
  { value: 'detroit', weight: 0.4 },
  { value: 'chicago', weight: 0.22 },
  { value: 'minneapolis', weight: 0.18 },
  { value: 'florida', weight: 0.2 },
];

const STATE_OF: Record<MarketId, string> = { detroit: 'MI', chicago: 'IL', minneapolis: 'MN', florida: 'FL' };

export interface MerchantRow {
  id: number;
  slug: string;
  name: string;
  about: string;
  logo_path: string;
  website_url: string | null;
  phone: string;
  category_id: number;
  is_certified: boolean;
  licensed: boolean;
  bonded: boolean;
  insured: boolean;
  is_spotlight: boolean;
  created_at: string;
  updated_at: string;
}

export interface LocationRow {
  id: number;
  merchant_id: number;
  market_id: MarketId;
  display_name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  lat: number;
  lng: number;
  opening_hours: Record<string, Array<{ open: string; close: string }>> | null;
  created_at: string;
  updated_at: string;
}

export interface OfferRow {
  id: number;
  merchant_id: number;
  location_id: number;
  category_id: number;
  subcategory_ids: number[];
  name: string;
  slug: string;
  description: string;
  picture_path: string;
  starts_at: string;
  expires_at: string;
  max_prints: number;
  code: string;
  external_offer_url: string;
  retailer_terms: string;
  consumer_terms: string;
  secondary_type: 'lease' | 'purchase' | 'other';
  horizontal: boolean;
  is_active: boolean;
  is_featured: boolean;
  /** The structured value and fine print, read from the headline (offer-values.ts), with day and hour limits (hours.ts). */
  value: OfferValue | null;
  fine_print: FinePrint | Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogueChunk {
  merchants: MerchantRow[];
  locations: LocationRow[];
  offers: OfferRow[];
}

/** A merchant the contests can name as sponsor, with one of its locations. */
export interface Sponsor {
  merchantId: number;
  merchantName: string;
  locationIds: number[];
  market: MarketId;
  kind: string;
}

interface OfferDesign {
  headline: string;
  secondaryType: 'lease' | 'purchase' | 'other';
  model?: string;
}

/** A home pro with a live offer within its market's listing radius: where coverage offers go (`coverageOffers`). */
interface CoverageAnchor {
  merchant: MerchantRow;
  location: LocationRow;
  flavour: Flavour;
  year: string;
}

type OfferState = 'active' | 'today' | 'recent' | 'hidden' | 'inactive';

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
const timestamp = (date: string, r: Random) => `${date}T${String(r.int(13, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}Z`;

export interface CatalogueOptions {
  seed: number;
  scale: number;
  today: string;
  categories: CategoryIndex;
  pools: Record<MarketId, CityPool>;
  zipPoints: Map<string, ZipPoint>;
}

export class CatalogueGenerator {
  readonly merchantTotal: number;
  /** Up to six sponsors per market and kind of business, for contests. */
  readonly sponsors = new Map<string, Sponsor[]>();
  private readonly options: CatalogueOptions;
  private readonly kinds: WeightedTable<BusinessKind>;
  private readonly listTables = new Map<string, WeightedTable<ListEntry>>();
  private readonly listCursor = new Map<string, number>();
  private readonly slugs = new Set<string>();
  private readonly spotlights = new Map<MarketId, number>();
  /** Entries of each home-pros list some merchant of a market has, by `market:list`. */
  private readonly marketCoverage = new Map<string, Set<string>>();
  /** The first near, live home pro of each `market:list`. */
  private readonly coverageAnchors = new Map<string, CoverageAnchor>();
  private readonly spotlightCap: number;
  private nextLocationId = 1;
  private nextOfferId = 1;

  constructor(options: CatalogueOptions) {
    this.options = options;
    this.merchantTotal = Math.max(1, Math.round(MERCHANTS_PER_SCALE * options.scale));
    this.kinds = new WeightedTable(BUSINESS_KINDS, (k) => k.weight);
    this.spotlightCap = Math.ceil(10 * Math.sqrt(Math.max(1, options.scale)));
  }

  /** Yields the catalogue in chunks of `size` merchants with their locations and offers. */
  *chunks(size: number): Generator<CatalogueChunk & { merchantsDone: number }> {
    for (let start = 0; start < this.merchantTotal; start += size) {
      const chunk: CatalogueChunk = { merchants: [], locations: [], offers: [] };
      const end = Math.min(this.merchantTotal, start + size);
      for (let i = start; i < end; i++) this.merchant(i, chunk);
      yield { ...chunk, merchantsDone: end };
    }
    const offers = this.coverageOffers();
    if (offers.length) yield { merchants: [], locations: [], offers, merchantsDone: this.merchantTotal };
  }

  /**
   * One more live offer per market and home-pros list whose entries are not all offered near the
   * market's centre yet (a market with few pros of a kind, such as outdoor pros in Florida), at
   * the first near pro of that list, naming the missing entries. Ids follow the rest, and its own
   * generator leaves every other row as it was.
   */
  private coverageOffers(): OfferRow[] {
    const { seed, today, categories } = this.options;
    const out: OfferRow[] = [];
    const seen = new Set<string>();
    for (const { value: market } of MARKET_WEIGHTS) {
      for (const kind of BUSINESS_KINDS) {
        if (kind.group === undefined || !kind.listId) continue;
        const list = categoryList(kind.listId);
        const key = `${market}:${list.id}`;
        const anchor = this.coverageAnchors.get(key);
        if (seen.has(key) || !anchor) continue;
        seen.add(key);
        const covered = this.marketCoverage.get(key) ?? new Set<string>();
        const missing = list.entries.filter((e) => !covered.has(e.slug));
        if (!missing.length) continue;
        const r = new Random(seed, 'coverage', key);
        const design = this.designs(r, kind, anchor.flavour, false)[0]!;
        const subIds = missing.map((e) => categories.sub(list.id, e.slug).id).sort((a, b) => a - b);
        const row = this.offer(r, { design, kind, flavour: anchor.flavour, merchant: anchor.merchant, location: anchor.location, subIds, noOnlineOffers: false, year: anchor.year, extra: undefined });
        // Live whatever the draw: this offer is there to be found.
        out.push({ ...row, is_active: true, starts_at: row.starts_at < today ? row.starts_at : addDays(today, -1), expires_at: addDays(today, 90) });
        for (const e of missing) covered.add(e.slug);
      }
    }
    return out;
  }

  /** Coverage first (every entry of a list once, in order), then weighted by the list counts. */
  private nextEntry(list: CategoryList, r: Random): ListEntry {
    const cursor = this.listCursor.get(list.id) ?? 0;
    if (cursor < list.entries.length) {
      this.listCursor.set(list.id, cursor + 1);
      return list.entries[cursor]!;
    }
    let table = this.listTables.get(list.id);
    if (!table) this.listTables.set(list.id, (table = new WeightedTable(list.entries, (e) => (e.count > 0 ? e.count : 40))));
    return table.pick(r);
  }

  /** Adds to `chosen` up to `HOME_PRO_COVERAGE` entries of `list` no merchant of `market` has yet, in list order. */
  private coverMarket(market: MarketId, list: CategoryList, chosen: Set<string>): void {
    const key = `${market}:${list.id}`;
    let covered = this.marketCoverage.get(key);
    if (!covered) this.marketCoverage.set(key, (covered = new Set()));
    let added = 0;
    for (const e of list.entries) {
      if (added === HOME_PRO_COVERAGE) break;
      if (covered.has(e.slug) || chosen.has(e.slug)) continue;
      chosen.add(e.slug);
      added++;
    }
  }

  /**
   * Counts `slugs` as offered in `market` once a merchant has a live offer there within the
   * market's listing radius of its centre (what a search from the market's default place sees).
   */
  private markCovered(
    market: MarketId,
    listId: string,
    slugs: Iterable<string>,
    offers: readonly OfferRow[],
    locations: readonly LocationRow[],
    anchor: Omit<CoverageAnchor, 'location'>,
  ): void {
    const today = this.options.today;
    const centre = MARKETS[market];
    const near = new Set(locations.filter((l) => distanceMeters(l, centre) <= centre.radiusM).map((l) => l.id));
    const live = offers.find((o) => near.has(o.location_id) && o.is_active && o.expires_at >= today && o.starts_at <= today);
    if (!live) return;
    const key = `${market}:${listId}`;
    if (!this.coverageAnchors.has(key)) this.coverageAnchors.set(key, { ...anchor, location: locations.find((l) => l.id === live.location_id)! });
    const covered = this.marketCoverage.get(`${market}:${listId}`);
    if (covered) for (const slug of slugs) covered.add(slug);
  }

  private uniqueSlug(name: string, city: string, id: number): string {
    const base = slugify(name) || 'merchant';
    const candidates = [base, `${base}-${slugify(city)}`];
    for (const c of candidates) {
      if (!this.slugs.has(c)) {
        this.slugs.add(c);
        return c;
      }
    }
    let n = id;
    while (this.slugs.has(`${base}-${n}`)) n++;
    this.slugs.add(`${base}-${n}`);
    return `${base}-${n}`;
  }

  private merchant(index: number, out: CatalogueChunk): void {
    const { seed, today, categories, pools, zipPoints } = this.options;
    const r = new Random(seed, 'merchant', index);
    const id = index + 1;
    const market = r.weighted(MARKET_WEIGHTS);
    const kind = this.kinds.pick(r);
    const pool = pools[market];
    const homeCity = pool.pick(r);

    // Subcategories: a primary entry that names the business, sometimes one or two more.
    let primaryName: string;
    let primarySlug: string;
    let extra: string | undefined;
    const subIds: number[] = [];
    let coverage: { listId: string; slugs: Set<string> } | undefined;
    if (kind.listId) {
      const list = categoryList(kind.listId);
      // Michigan is where cars are sold (SPEC.md 1): dealers are a larger share of its auto merchants.
      const primary = list.id === 'auto' && market === 'detroit' && r.chance(0.25) ? list.entries.find((e) => e.slug === 'auto-dealers')! : this.nextEntry(list, r);
      primaryName = primary.name;
      primarySlug = primary.slug;
      extra = primary.extra;
      const chosen = new Set([primary.slug]);
      const more = r.chance(0.12) ? 2 : r.chance(0.35) ? 1 : 0;
      for (let k = 0; k < more; k++) chosen.add(r.pick(list.entries).slug);
      // Home pros also cover the entries of their list not yet offered in their market, a few
      // each, so that every home-pros category has pros in every market at scale 1 (a plumber
      // search in Minneapolis finds plumbers). No random draws: the rest of the data is unchanged.
      if (kind.group !== undefined) {
        this.coverMarket(market, list, chosen);
        coverage = { listId: list.id, slugs: chosen };
      }
      for (const slug of chosen) subIds.push(categories.sub(list.id, slug).id);
      subIds.sort((a, b) => a - b);
    } else {
      primarySlug = r.pick(Object.keys(kind.flavours));
      primaryName = primarySlug;
    }
    const flavour: Flavour = kind.flavours[primarySlug] ?? kind.defaultFlavour(primaryName);
    const noun = r.pick(flavour.nouns);
    const name = fill(r.pick(flavour.names ?? kind.names), {
      first: r.pick(FIRST_NAMES),
      surname: r.pick(SURNAMES),
      place: r.pick(placeWords(market)),
      city: homeCity.name,
      noun,
    });
    const slug = this.uniqueSlug(name, homeCity.name, id);
    const isHomePro = kind.group !== undefined;
    const isDealer = primarySlug === 'auto-dealers';
    const sellsCars = isDealer && market === 'detroit'; // SPEC.md 1: cars are shown for Michigan only.
    const certified = isHomePro && r.chance(0.45);
    const spotlightCount = this.spotlights.get(market) ?? 0;
    const spotlight = certified && spotlightCount < this.spotlightCap && r.chance(0.35);
    if (spotlight) this.spotlights.set(market, spotlightCount + 1);
    const noOnlineOffers = r.chance(0.03);
    const year = String(r.int(1962, 2019));
    const createdDate = addDays(today, -r.int(200, 1500));
    const website = r.chance(0.45) ? `https://${slug}.example.com` : null;
    const phone = () => `(${r.pick(AREA_CODES[market])}) 555-01${String(r.int(0, 99)).padStart(2, '0')}`;
    const merchantPhone = phone();

    const merchantCreated = timestamp(createdDate, r);
    const merchantRow: MerchantRow = {
      id,
      slug,
      name,
      about: this.about(name, homeCity.name, year, kind, spotlight, certified),
      logo_path: mediaPaths.logo(slug),
      website_url: website,
      phone: merchantPhone,
      category_id: kind.group ? categories.groupId(kind.group) : categories.mainId(kind.main),
      is_certified: certified,
      // SPEC.md 6: certified pros are licensed where required, bonded when needed, insured.
      licensed: certified || (isHomePro && r.chance(0.6)),
      bonded: certified || (isHomePro && r.chance(0.35)),
      insured: certified || (isHomePro && r.chance(0.75)),
      is_spotlight: spotlight,
      created_at: merchantCreated,
      updated_at: merchantCreated,
    };
    out.merchants.push(merchantRow);

    // Locations: most merchants have one; some chains have up to twelve across the market.
    const locationCount = isHomePro || isDealer
      ? r.weighted([{ value: 1, weight: 0.7 }, { value: 2, weight: 0.3 }])
      : r.weighted([{ value: 1, weight: 0.45 }, { value: 2, weight: 0.22 }, { value: r.int(3, 5), weight: 0.16 }, { value: r.int(6, 12), weight: 0.17 }]);
    const marketStreets = streets(market);
    const locations: LocationRow[] = [];
    for (let k = 0; k < locationCount; k++) {
      const city: Place = k === 0 ? homeCity : pool.pick(r);
      const point = pointInCity(r, city, zipPoints);
      const roll = r.next();
      const locationId = this.nextLocationId++;
      locations.push({
        id: locationId,
        merchant_id: id,
        market_id: market,
        display_name: locationCount > 1 ? `${name} - ${city.name}` : name,
        address: `${r.int(1, 9) * 10 ** r.int(1, 3) + r.int(0, 99)} ${r.pick(marketStreets)}`,
        address2: roll < 0.12 ? `Suite ${r.int(1, 4)}${String(r.int(0, 50)).padStart(2, '0')}` : roll < 0.17 ? `Unit ${r.pick(['A', 'B', 'C', 'D', 'E'])}` : '',
        city: city.name,
        state: STATE_OF[market],
        zip: point.zip,
        phone: k === 0 ? merchantPhone : phone(),
        lat: point.lat,
        lng: point.lng,
        opening_hours: seedOpeningHours(seed, locationId, kind.key, isHomePro),
        created_at: merchantRow.created_at,
        updated_at: merchantRow.updated_at,
      });
    }
    out.locations.push(...locations);
    this.rememberSponsor(market, kind.key, { merchantId: id, merchantName: name, locationIds: locations.map((l) => l.id), market, kind: kind.key });

    // Offer designs are the merchant's; a chain runs some of them at each location.
    const designs = this.designs(r, kind, flavour, sellsCars);
    const firstOffer = out.offers.length;
    for (const location of locations) {
      const n = locationCount === 1 ? designs.length : r.int(1, designs.length);
      const picked = locationCount === 1 ? designs : r.sample(designs, n);
      for (const design of picked) {
        out.offers.push(this.offer(r, { design, kind, flavour, merchant: merchantRow, location, subIds, noOnlineOffers, year, extra }));
      }
    }
    if (coverage) this.markCovered(market, coverage.listId, coverage.slugs, out.offers.slice(firstOffer), locations, { merchant: merchantRow, flavour, year });
  }

  private rememberSponsor(market: MarketId, kind: string, sponsor: Sponsor): void {
    const key = `${market}:${kind}`;
    const list = this.sponsors.get(key) ?? [];
    if (list.length < 6) list.push(sponsor);
    this.sponsors.set(key, list);
  }

  private designs(r: Random, kind: BusinessKind, flavour: Flavour, sellsCars: boolean): OfferDesign[] {
    if (sellsCars) {
      // Michigan dealers: lease and purchase offers (SPEC.md 3 secondary_type), plus service.
      const count = r.int(2, 4);
      const out: OfferDesign[] = [];
      for (let k = 0; k < count; k++) {
        const type = k === 0 ? 'lease' : k === 1 ? 'purchase' : r.weighted<OfferDesign['secondaryType']>([{ value: 'lease', weight: 0.4 }, { value: 'purchase', weight: 0.3 }, { value: 'other', weight: 0.3 }]);
        const model = r.pick(CAR_MODELS);
        const headline = type === 'lease'
          ? fill(r.pick(LEASE_HEADLINES), { model, price: String(r.int(18, 46) * 10 - 1) })
          : type === 'purchase'
            ? fill(r.pick(PURCHASE_HEADLINES), { model, apr: r.pick(['0', '0.9', '1.9', '2.9']) })
            : fill(r.pick(flavour.headlines ?? kind.headlines), { item: r.pick(flavour.items) });
        out.push({ headline, secondaryType: type, model });
      }
      return out;
    }
    const count = r.weighted([{ value: 1, weight: 0.3 }, { value: 2, weight: 0.4 }, { value: 3, weight: 0.2 }, { value: 4, weight: 0.1 }]);
    // Subcategory headlines are the most specific: they weigh three times a generic one.
    const pool = [...(flavour.headlines ?? []).flatMap((h) => [h, h, h]), ...kind.headlines];
    const seen = new Set<string>();
    const out: OfferDesign[] = [];
    for (let tries = 0; out.length < count && tries < 20; tries++) {
      const headline = fill(r.pick(pool), { item: r.pick(flavour.items) });
      if (seen.has(headline)) continue;
      seen.add(headline);
      out.push({ headline, secondaryType: 'other' });
    }
    return out;
  }

  private about(name: string, city: string, year: string, kind: BusinessKind, spotlight: boolean, certified: boolean): string {
    const n = escapeMarkup(name);
    const c = escapeMarkup(city);
    if (!spotlight) return `<p><strong>${n}</strong> is a locally owned business serving ${c} since ${year}.</p>`;
    return [
      `<p><strong>${n}</strong> has served homeowners in ${c} and the surrounding communities since ${year}. `,
      `Our crews handle every ${kind.group === 'home-improvement' ? 'remodeling' : 'home'} project from the first estimate to the final walk-through, `,
      'and we stand behind our work with a written warranty.</p>',
      '<ul>',
      certified ? '<li>Certified home pro: licensed where required, bonded when needed, insured (workers\' comp and company liability)</li>' : '',
      '<li>Free, no-obligation estimates</li><li>Financing available with approved credit</li>',
      '</ul>',
    ].join('');
  }

  private offer(
    r: Random,
    ctx: { design: OfferDesign; kind: BusinessKind; flavour: Flavour; merchant: MerchantRow; location: LocationRow; subIds: number[]; noOnlineOffers: boolean; year: string; extra: string | undefined },
  ): OfferRow {
    const { today, categories, seed } = this.options;
    const { design, kind, merchant, location } = ctx;
    const id = this.nextOfferId++;

    // SPEC.md 4 expiry states: active, expiring today, expired 1-6 days ago (recently expired),
    // expired 7+ days ago (hidden), and inactive. "No online offers" merchants get only the last two.
    const roll = r.next();
    const state: OfferState = ctx.noOnlineOffers
      ? roll < 0.5 ? 'inactive' : 'hidden'
      : roll < 0.03 ? 'today' : roll < 0.08 ? 'recent' : roll < 0.13 ? 'hidden' : roll < 0.16 ? 'inactive' : 'active';
    const expiresAt =
      state === 'today' ? today
        : state === 'recent' ? addDays(today, -r.int(1, 6))
          : state === 'hidden' ? addDays(today, r.chance(0.2) ? -7 : -r.int(8, 120))
            : addDays(today, r.int(1, 150));
    let createdDate = addDays(today, -r.int(1, 180));
    if (createdDate >= expiresAt) createdDate = addDays(expiresAt, -r.int(14, 90));
    const created = timestamp(createdDate, r);
    const isActive = state !== 'inactive';
    const visible = state === 'active' || state === 'today';

    const headline = design.headline;
    const description = this.description(r, ctx);
    const retailerTerms =
      design.secondaryType === 'lease' ? LEASE_TERMS
        : design.secondaryType === 'purchase' ? PURCHASE_TERMS
          : `${kind.retailerTerms} Valid only at ${location.address}, ${location.city}, ${location.state}.`;
    return {
      id,
      merchant_id: merchant.id,
      location_id: location.id,
      category_id: categories.mainId(kind.main),
      subcategory_ids: ctx.subIds,
      name: headline,
      slug: slugify(headline).slice(0, 80).replace(/-+$/, '') || 'offer',
      description,
      picture_path: mediaPaths.offer(id),
      starts_at: createdDate,
      expires_at: expiresAt,
      max_prints: r.int(1, 5),
      // Some codes are empty on purpose: the API derives them from the id (SPEC.md 3).
      code: r.chance(0.65) ? this.code(r, headline, ctx.flavour) : '',
      external_offer_url: merchant.website_url && r.chance(0.5) ? `${merchant.website_url}/coupons/${id}` : '',
      retailer_terms: retailerTerms,
      consumer_terms: kind.consumerTerms,
      secondary_type: design.secondaryType,
      horizontal: r.chance(0.3),
      is_active: isActive,
      is_featured: visible && r.chance(0.09),
      ...withDayAndHourLimits(seedOfferTerms(seed, id, headline, { restaurant: kind.main === 'food-dining', secondaryType: design.secondaryType }), seedFinePrint(this.options.seed, id, kind.key)),
      created_at: created,
      updated_at: created,
    };
  }

  private code(r: Random, headline: string, flavour: Flavour): string {
    const amount = headline.match(/\d+/)?.[0];
    const word = (flavour.nouns[0] ?? 'SAVE').toUpperCase().replace(/[^A-Z]/g, '').slice(0, 6) || 'SAVE';
    if (amount && r.chance(0.5)) return `${r.pick(['SAVE', word])}${amount}`.slice(0, 12);
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let code = '';
    for (let k = 0; k < 8; k++) code += alphabet[r.int(0, alphabet.length - 1)];
    return code;
  }

  private description(
    r: Random,
    ctx: { design: OfferDesign; kind: BusinessKind; merchant: MerchantRow; location: LocationRow; year: string; extra: string | undefined },
  ): string {
    const { design, kind, merchant, location } = ctx;
    const values = { merchant: escapeMarkup(merchant.name), city: escapeMarkup(location.city), year: ctx.year, extra: escapeMarkup(ctx.extra ?? '') };
    if (design.secondaryType === 'lease' || design.secondaryType === 'purchase') {
      return [
        `<p>Drive home a new 2026 ${escapeMarkup(design.model ?? 'vehicle')} from <strong>${values.merchant}</strong> in ${values.city}.</p>`,
        `<p><strong>${escapeMarkup(design.headline)}</strong></p>`,
        design.secondaryType === 'lease'
          ? '<ul><li>36-month lease</li><li>10,000 miles per year</li><li>$2,999 due at signing</li><li>Test drives available seven days a week</li></ul>'
          : '<ul><li>With approved credit</li><li>Trade-ins welcome</li><li>Test drives available seven days a week</li></ul>',
      ].join('');
    }
    const lead = fill(kind.lead, values);
    const details = r.sample(kind.details, r.int(2, 3)).map((d) => `<li>${fill(escapeMarkup(d), values)}</li>`).join('');
    return `<p>${lead}</p><p><strong>${escapeMarkup(design.headline)}</strong></p><ul>${details}</ul>`;
  }
}

/**
 * The headline's terms, or, for an offer whose headline sets none, the seeded day and hour limits
 * (so about a third of offers carry a limit, and a headline's days are never contradicted).
 */
function withDayAndHourLimits(
  terms: { value: OfferValue | null; fine_print: FinePrint | null },
  limits: Record<string, unknown> | null,
): { value: OfferValue | null; fine_print: FinePrint | Record<string, unknown> | null } {
  if (!limits || terms.fine_print) return terms;
  return { value: terms.value, fine_print: limits };
}
