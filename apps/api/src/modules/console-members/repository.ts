// The only console-members file that talks SQL: finding members by e-mail, and the counts of what
// one member keeps (read only; the writes go through the auth service). Explicit columns: no
// password hash, token or TOTP secret ever leaves this file.
import { and, asc, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  state: users.state,
  zip: users.zip,
  birthday: users.birthday,
  promotionsAgree: users.promotionsAgree,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  role: users.role,
  staffMarkets: users.staffMarkets,
  createdAt: users.createdAt,
};
export type MemberRow = Awaited<ReturnType<typeof findMember>> & {};

/** Accounts whose e-mail contains `q` (those starting with it first), paged, with the capped count. */
export async function findMemberPage(db: Executor, q: string | undefined, sort: Sort<'created_at' | 'email'>, page: { limit: number; offset: number }) {
  const condition: SQL | undefined = q ? and(ilike(users.email, containsPattern(q.toLowerCase()))) : undefined;
  const column = sort.field === 'email' ? users.email : users.createdAt;
  const order = [
    ...(q ? [sql`(${users.email} LIKE ${`${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) DESC`] : []),
    sort.descending ? desc(column) : asc(column),
    sort.descending ? desc(users.id) : asc(users.id),
  ];
  const [rows, count] = await Promise.all([
    db.select(memberColumns).from(users).where(condition).orderBy(...order).limit(page.limit).offset(page.offset),
    cappedCount(db, db.select({ id: users.id }).from(users).where(condition)),
  ]);
  return { rows, count };
}

export async function findMember(db: Executor, id: number) {
  const [row] = await db.select(memberColumns).from(users).where(sql`${users.id} = ${id}`);
  return row ?? null;
}

export interface MemberCounts {
  clips: number;
  favorites: number;
  prints: number;
  offers_printed: number;
  redemptions: number;
  contest_entries: number;
}

/** What a member keeps, counted by the user-id indexes of each table. */
export async function countMemberRecords(db: Executor, id: number): Promise<MemberCounts> {
  const result = (await db.execute(sql`SELECT
      (SELECT count(*) FROM user_clips WHERE user_id = ${id})::int AS clips,
      (SELECT count(*) FROM user_favorites WHERE user_id = ${id})::int AS favorites,
      (SELECT coalesce(sum(prints), 0) FROM user_prints WHERE user_id = ${id})::int AS prints,
      (SELECT count(*) FROM user_prints WHERE user_id = ${id} AND prints > 0)::int AS offers_printed,
      (SELECT count(*) FROM redemptions WHERE user_id = ${id})::int AS redemptions,
      (SELECT count(*) FROM contest_entries WHERE user_id = ${id})::int AS contest_entries`)) as unknown as { rows: Record<keyof MemberCounts, number | string>[] };
  const row = result.rows[0]!;
  return {
    clips: Number(row.clips),
    favorites: Number(row.favorites),
    prints: Number(row.prints),
    offers_printed: Number(row.offers_printed),
    redemptions: Number(row.redemptions),
    contest_entries: Number(row.contest_entries),
  };
}
