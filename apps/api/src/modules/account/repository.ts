import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userPreferences } from '../../db/schema/index.ts';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferenceColumns = Omit<PreferencesRow, 'userId' | 'updatedAt'>;

export async function findPreferences(db: Executor, userId: number): Promise<PreferencesRow | null> {
  const rows = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Writes the given flags, creating the row on first use; answers the whole row. */
export async function upsertPreferences(db: Executor, userId: number, values: Partial<PreferenceColumns>): Promise<PreferencesRow> {
  const rows = await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}
