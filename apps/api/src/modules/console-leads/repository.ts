// The only console-leads file that talks SQL: the inbox list and its export pages, one lead with its
// notes, the optimistic update, notes, newsletter look-ups, and the small merchant write a
// contractor approval makes (no merchants service exists yet; docs/decisions.md console-leads).
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, leadNotes, leads, locations, merchants, newsletterSubscriptions, users, type LeadKind } from '../../db/schema/index.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';

export type LeadStatus = (typeof leads.$inferSelect)['status'];

export interface LeadFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  market?: string;
  /** null: every market (the staff member's limit and the market filter meet here). */
  markets: string[] | null;
  /** A staff id, or 'none'. */
  assignedTo?: number | 'none';
  q?: string;
  from?: Date;
  to?: Date;
}

// Keys are fixed names of the form fields, written into the SQL as literals.
const text = (key: string) => sql`(${leads.details}->>${sql.raw(`'${key.replace(/'/g, "''")}'`)})`;

function search(q: string): SQL {
  const p = containsPattern(q);
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(leads.email, p),
    ...['email', 'first_name', 'last_name', 'name', 'business_name', 'company_name', 'phone'].map((k) => sql`${text(k)} ILIKE ${p}`),
    sql`(${text('first_name')} || ' ' || ${text('last_name')}) ILIKE ${p}`,
    // Phones are stored as +1 and ten digits: 248-555-0100 finds +12485550100.
    ...(digits.length >= 3 && /^[\d\s().+-]+$/.test(q) ? [sql`regexp_replace(coalesce(${text('phone')}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`] : []),
  )!;
}

function where(f: LeadFilter): SQL | undefined {
  return and(
    f.kind ? eq(leads.kind, f.kind) : undefined,
    f.status ? eq(leads.status, f.status) : undefined,
    f.market ? eq(leads.marketId, f.market) : undefined,
    f.markets ? (f.markets.length ? inArray(leads.marketId, f.markets) : sql`false`) : undefined,
    f.assignedTo === 'none' ? isNull(leads.assignedTo) : f.assignedTo !== undefined ? eq(leads.assignedTo, f.assignedTo) : undefined,
    f.q ? search(f.q) : undefined,
    f.from ? gte(leads.createdAt, f.from) : undefined,
    f.to ? lt(leads.createdAt, f.to) : undefined,
  );
}

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  marketId: leads.marketId,
  merchantId: leads.merchantId,
  email: leads.email,
  details: leads.details,
  trackingId: leads.trackingId,
  status: leads.status,
  assignedTo: leads.assignedTo,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
  version: leads.version,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};

export type LeadRow = Awaited<ReturnType<typeof findLead>> & {};

function selectLeads(db: Executor) {
  return db.select(leadColumns).from(leads).leftJoin(users, eq(users.id, leads.assignedTo));
}

/** A page of the inbox and its capped count. */
export async function findLeadPage(db: Executor, filter: LeadFilter, sort: Sort<'created_at' | 'updated_at'>, page: { limit: number; offset: number }) {
  const condition = where(filter);
  const column = sort.field === 'updated_at' ? leads.updatedAt : leads.createdAt;
  const order = sort.descending ? [desc(column), desc(leads.id)] : [asc(column), asc(leads.id)];
  const [rows, count] = await Promise.all([
    selectLeads(db).where(condition).orderBy(...order).limit(page.limit).offset(page.offset),
    cappedCount(db, db.select({ id: leads.id }).from(leads).where(condition)),
  ]);
  return { rows, count };
}

/** The next export batch: leads of the filter with an id below `beforeId`, newest first. */
export function findLeadBatch(db: Executor, filter: LeadFilter, beforeId: number | null, limit: number) {
  return selectLeads(db)
    .where(and(where(filter), beforeId === null ? undefined : lt(leads.id, beforeId)))
    .orderBy(desc(leads.id))
    .limit(limit);
}

export async function findLead(db: Executor, id: number) {
  const [row] = await selectLeads(db).where(eq(leads.id, id));
  return row ?? null;
}

/** Changes a lead if it still has `version`; answers null when it does not (someone else saved). */
export async function updateLeadAtVersion(db: Executor, id: number, version: number, values: { status?: LeadStatus; assignedTo?: number | null }): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ ...values, version: sql`${leads.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, id), eq(leads.version, version)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

export function findNotes(db: Executor, leadId: number) {
  return db
    .select({ id: leadNotes.id, authorId: leadNotes.authorId, firstName: users.firstName, lastName: users.lastName, body: leadNotes.body, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
}

export async function insertNote(db: Executor, leadId: number, authorId: number, body: string) {
  const [row] = await db.insert(leadNotes).values({ leadId, authorId, body }).returning({ id: leadNotes.id, createdAt: leadNotes.createdAt });
  return row!;
}

/** A staff account that may take leads: role set, not disabled. */
export async function findActiveStaff(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id, role: users.role, markets: users.staffMarkets, disabledAt: users.disabledAt }).from(users).where(eq(users.id, id));
  return row && row.role && !row.disabledAt ? row : null;
}

/** Newsletter rows of an exact address or an address starting with `q`, at most 20. */
export function findSubscriptionsLike(db: Executor, q: string) {
  const lower = q.toLowerCase();
  return db
    .select({ email: newsletterSubscriptions.email, subscribedAt: newsletterSubscriptions.subscribedAt, confirmedAt: newsletterSubscriptions.confirmedAt, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(or(eq(newsletterSubscriptions.email, lower), sql`${newsletterSubscriptions.email} LIKE ${`${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`))
    .orderBy(asc(newsletterSubscriptions.email))
    .limit(20);
}

// --- The merchant a contractor approval writes --------------------------------------------------

export type MerchantValues = Pick<
  typeof merchants.$inferInsert,
  'name' | 'websiteUrl' | 'phone' | 'categoryId' | 'subcategoryIds' | 'isCertified' | 'licensed' | 'bonded' | 'insured' | 'licenceNumber' | 'licenceExpiresOn' | 'insuranceExpiresOn'
>;

const merchantColumns = {
  id: merchants.id,
  slug: merchants.slug,
  name: merchants.name,
  websiteUrl: merchants.websiteUrl,
  phone: merchants.phone,
  categoryId: merchants.categoryId,
  subcategoryIds: merchants.subcategoryIds,
  isCertified: merchants.isCertified,
  licensed: merchants.licensed,
  bonded: merchants.bonded,
  insured: merchants.insured,
  licenceNumber: merchants.licenceNumber,
  licenceExpiresOn: merchants.licenceExpiresOn,
  insuranceExpiresOn: merchants.insuranceExpiresOn,
  version: merchants.version,
};
export type MerchantSnapshot = Awaited<ReturnType<typeof findMerchantBySlug>>;

/** The home-improvement category and the home-pros subcategories among `slugs`. */
export async function findHomeProsCategories(db: Executor, slugs: string[]): Promise<{ categoryId: number | null; subcategoryIds: number[] }> {
  const [main] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.kind, 'main'), eq(categories.slug, 'home-improvement')));
  if (!main) return { categoryId: null, subcategoryIds: [] };
  const subs = slugs.length
    ? await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.kind, 'sub'),
            inArray(categories.slug, slugs),
            or(eq(categories.parentId, main.id), sql`${categories.parentId} IN (SELECT id FROM categories WHERE kind = 'homepros')`),
          ),
        )
        .orderBy(asc(categories.id))
    : [];
  return { categoryId: main.id, subcategoryIds: subs.map((s) => s.id) };
}

export async function findMerchantBySlug(db: Executor, slug: string) {
  const [row] = await db.select(merchantColumns).from(merchants).where(eq(merchants.slug, slug)).for('update');
  return row ?? null;
}

export async function insertMerchant(db: Executor, slug: string, values: MerchantValues) {
  const [row] = await db.insert(merchants).values({ slug, ...values }).returning(merchantColumns);
  return row!;
}

export async function updateMerchant(db: Executor, id: number, values: Partial<MerchantValues>) {
  const [row] = await db
    .update(merchants)
    .set({ ...values, version: sql`${merchants.version} + 1`, updatedAt: sql`now()` })
    .where(eq(merchants.id, id))
    .returning(merchantColumns);
  return row!;
}

export type LocationValues = Pick<typeof locations.$inferInsert, 'marketId' | 'displayName' | 'address' | 'city' | 'state' | 'zip' | 'phone' | 'lat' | 'lng'>;

const locationColumns = { id: locations.id, marketId: locations.marketId, displayName: locations.displayName, address: locations.address, city: locations.city, state: locations.state, zip: locations.zip, phone: locations.phone };

/** The merchant's location at an address (same street line and zip, case aside). */
export async function findLocationAt(db: Executor, merchantId: number, address: string, zip: string) {
  const [row] = await db
    .select(locationColumns)
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), sql`lower(${locations.address}) = lower(${address})`, eq(locations.zip, zip)));
  return row ?? null;
}

export async function insertLocation(db: Executor, merchantId: number, values: LocationValues) {
  const [row] = await db.insert(locations).values({ merchantId, ...values }).returning(locationColumns);
  return row!;
}
