// The few catalogue facts the generated images print: names, headlines, prizes.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { categories, contests, merchants, offers } from '../../db/schema/index.ts';

export async function findMerchantNameBySlug(db: Executor, slug: string): Promise<string | undefined> {
  const rows = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.slug, slug)).limit(1);
  return rows[0]?.name;
}

const merchantCategory = alias(categories, 'merchant_category');

/** An offer's headline, merchant name, type and the category slugs its picture motif comes from. */
export async function findOfferArtById(db: Executor, id: number) {
  const rows = await db
    .select({
      headline: offers.name,
      secondaryType: offers.secondaryType,
      merchantName: merchants.name,
      categorySlug: categories.slug,
      merchantCategorySlug: merchantCategory.slug,
    })
    .from(offers)
    .innerJoin(merchants, eq(merchants.id, offers.merchantId))
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .leftJoin(merchantCategory, eq(merchantCategory.id, merchants.categoryId))
    .where(eq(offers.id, id))
    .limit(1);
  return rows[0];
}

export async function findContestArtBySlug(db: Executor, slug: string) {
  const rows = await db.select({ displayName: contests.displayName, prize: contests.prize }).from(contests).where(eq(contests.slug, slug)).limit(1);
  return rows[0];
}
