// The only merchant-offers file that talks SQL: the merchants of an account, a merchant's offers
// with their latest proposal, and the proposals (offer_revisions) staff review. Writing an offer's
// own columns is console-offers' (its service), never done here.
import { sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import type { RevisionStatus } from '../../db/schema/index.ts';

export interface TeamMerchantRow {
  id: number;
  name: string;
  slug: string;
  role: 'owner' | 'manager' | 'cashier';
  location_ids: number[] | null;
}

/** The merchants an account is on the team of, by name. */
export function findMerchantsOfMember(db: DbHandle, userId: number): Promise<TeamMerchantRow[]> {
  return db.rows<TeamMerchantRow>(
    sql`SELECT m.id, m.name, m.slug, mm.role, mm.location_ids
        FROM merchant_members mm JOIN merchants m ON m.id = mm.merchant_id
        WHERE mm.user_id = ${userId} ORDER BY m.name, m.id`,
  );
}

export interface LocationRefRow {
  id: number;
  merchant_id: number;
  display_name: string;
  address: string;
  city: string;
  state: string;
  market_id: string;
}

/** The locations of some merchants. */
export function findLocationsOfMerchants(db: DbHandle, merchantIds: readonly number[], executor?: Executor): Promise<LocationRefRow[]> {
  if (!merchantIds.length) return Promise.resolve([]);
  return db.rows<LocationRefRow>(
    sql`SELECT id, merchant_id, display_name, address, city, state, market_id FROM locations
        WHERE merchant_id = ANY (${`{${merchantIds.join(',')}}`}::int[]) ORDER BY display_name, id`,
    executor,
  );
}

/** A merchant's offer ids, the latest changed first (at most `limit`). */
export async function findOfferIdsOfMerchant(db: DbHandle, merchantId: number, limit: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(
    sql`SELECT o.id FROM offers o
        WHERE o.merchant_id = ${merchantId}
        ORDER BY GREATEST(o.updated_at, COALESCE((SELECT max(r.updated_at) FROM offer_revisions r WHERE r.offer_id = o.id), o.updated_at)) DESC, o.id DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Locks a merchant's offer row (one writer of its proposals at a time); false when it is not theirs. */
export async function lockOfferOfMerchant(tx: Executor, merchantId: number, offerId: number): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM offers WHERE id = ${offerId} AND merchant_id = ${merchantId} FOR UPDATE`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export interface RevisionRow {
  id: number;
  offer_id: number;
  merchant_id: number;
  fields: Record<string, unknown>;
  status: RevisionStatus;
  review_note: string | null;
  created_by: number | null;
  submitted_by_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  version: number;
}

const REVISION_COLUMNS = sql.raw(`r.id, r.offer_id, r.merchant_id, r.fields, r.status, r.review_note, r.created_by,
  (SELECT u.email FROM users u WHERE u.id = r.created_by) AS submitted_by_email,
  r.created_at, r.updated_at, r.submitted_at, r.reviewed_at, r.version`);

/** The latest proposal of each of these offers. */
export function findLatestRevisions(db: DbHandle, offerIds: readonly number[], executor?: Executor): Promise<RevisionRow[]> {
  if (!offerIds.length) return Promise.resolve([]);
  return db.rows<RevisionRow>(
    sql`SELECT DISTINCT ON (r.offer_id) ${REVISION_COLUMNS} FROM offer_revisions r
        WHERE r.offer_id = ANY (${`{${offerIds.join(',')}}`}::int[])
        ORDER BY r.offer_id, r.id DESC`,
    executor,
  );
}

/** One proposal, as it stands (not locked). */
export async function findRevision(db: DbHandle, id: number): Promise<RevisionRow | undefined> {
  const rows = await db.rows<RevisionRow>(sql`SELECT ${REVISION_COLUMNS} FROM offer_revisions r WHERE r.id = ${id}`);
  return rows[0];
}

/** One proposal, locked for the rest of the transaction. */
export async function lockRevision(db: DbHandle, tx: Executor, id: number): Promise<RevisionRow | undefined> {
  const rows = await db.rows<RevisionRow>(sql`SELECT ${REVISION_COLUMNS} FROM offer_revisions r WHERE r.id = ${id} FOR UPDATE OF r`, tx);
  return rows[0];
}

export async function insertRevision(
  db: DbHandle,
  tx: Executor,
  values: { offerId: number; merchantId: number; fields: Record<string, unknown>; createdBy: number; version: number },
): Promise<number> {
  const rows = await db.rows<{ id: number }>(
    sql`INSERT INTO offer_revisions (offer_id, merchant_id, fields, status, created_by, version)
        VALUES (${values.offerId}, ${values.merchantId}, ${JSON.stringify(values.fields)}::jsonb, 'draft', ${values.createdBy}, ${values.version})
        RETURNING id`,
    tx,
  );
  return rows[0]!.id;
}

/** Changes a proposal if it is still at `version`, moving it to the next one; false otherwise. */
export async function updateRevisionAtVersion(
  db: DbHandle,
  tx: Executor,
  id: number,
  version: number,
  values: { fields?: Record<string, unknown>; status?: RevisionStatus; reviewNote?: string | null; reviewedBy?: number; submitted?: boolean; reviewed?: boolean },
): Promise<boolean> {
  const sets = [sql`version = version + 1`, sql`updated_at = now()`];
  if (values.fields !== undefined) sets.push(sql`fields = ${JSON.stringify(values.fields)}::jsonb`);
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`);
  if (values.reviewNote !== undefined) sets.push(sql`review_note = ${values.reviewNote}`);
  if (values.reviewedBy !== undefined) sets.push(sql`reviewed_by = ${values.reviewedBy}`);
  if (values.submitted) sets.push(sql`submitted_at = now()`);
  if (values.reviewed) sets.push(sql`reviewed_at = now()`);
  const rows = await db.rows<{ id: number }>(sql`UPDATE offer_revisions SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING id`, tx);
  return rows.length === 1;
}

export interface SubmittedRow extends RevisionRow {
  merchant_name: string;
  market_id: string;
  offer_status: string;
}

/** Proposals waiting for staff, oldest first, in some markets (null: every market). */
export async function findSubmittedRevisions(db: DbHandle, markets: readonly string[] | null, limit: number): Promise<{ rows: SubmittedRow[]; count: number }> {
  const inMarkets = markets === null ? sql`TRUE` : sql`l.market_id = ANY (${`{${markets.join(',')}}`}::text[])`;
  const from = sql`offer_revisions r JOIN offers o ON o.id = r.offer_id JOIN merchants m ON m.id = r.merchant_id
    JOIN locations l ON l.id = CASE WHEN (r.fields->>'location_id') ~ '^[0-9]{1,9}$' THEN (r.fields->>'location_id')::int ELSE o.location_id END`;
  const rows = await db.rows<SubmittedRow>(
    sql`SELECT ${REVISION_COLUMNS}, m.name AS merchant_name, l.market_id, o.status AS offer_status
        FROM ${from} WHERE r.status = 'submitted' AND ${inMarkets}
        ORDER BY r.submitted_at, r.id LIMIT ${limit}`,
  );
  const counted = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE r.status = 'submitted' AND ${inMarkets}`);
  return { rows, count: counted[0]?.n ?? 0 };
}
