// The few catalogue facts the generated images print: names, headlines, prizes.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { categories, contests, merchants, offers } from '../../db/schema/index.ts';

const merchantCategory = alias(categories, 'merchant_category');
const merchantSub = alias(categories, 'merchant_sub');
const offerSub = alias(categories, 'offer_sub');

/**
 * The subcategory that names a business: the first of its own, else the first of its oldest
 * offer that has one (seeded merchants carry theirs on their offers).
 */
const merchantFirstSubcategory = sql`COALESCE(${merchants.subcategoryIds}[1],
  (SELECT o2.subcategory_ids[1] FROM offers o2 WHERE o2.merchant_id = ${merchants.id} AND cardinality(o2.subcategory_ids) > 0 ORDER BY o2.id LIMIT 1))`;

/** A merchant's name, stored logo path and the category slugs its illustration comes from. */
export async function findMerchantArtBySlug(db: Executor, slug: string) {
  const rows = await db
    .select({ name: merchants.name, logoPath: merchants.logoPath, categorySlug: merchantCategory.slug, subcategorySlug: merchantSub.slug })
    .from(merchants)
    .leftJoin(merchantCategory, eq(merchantCategory.id, merchants.categoryId))
    .leftJoin(merchantSub, sql`${merchantSub.id} = ${merchantFirstSubcategory}`)
    .where(eq(merchants.slug, slug))
    .limit(1);
  return rows[0];
}

/** An offer's headline, merchant name, type and the category slugs its picture motif comes from. */
export async function findOfferArtById(db: Executor, id: number) {
  const rows = await db
    .select({
      headline: offers.name,
      secondaryType: offers.secondaryType,
      merchantName: merchants.name,
      categorySlug: categories.slug,
      merchantCategorySlug: merchantCategory.slug,
      subcategorySlug: offerSub.slug,
      merchantSubcategorySlug: merchantSub.slug,
    })
    .from(offers)
    .innerJoin(merchants, eq(merchants.id, offers.merchantId))
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .leftJoin(merchantCategory, eq(merchantCategory.id, merchants.categoryId))
    .leftJoin(offerSub, sql`${offerSub.id} = ${offers.subcategoryIds}[1]`)
    .leftJoin(merchantSub, sql`${merchantSub.id} = ${merchantFirstSubcategory}`)
    .where(eq(offers.id, id))
    .limit(1);
  return rows[0];
}

export async function findContestArtBySlug(db: Executor, slug: string) {
  const rows = await db.select({ displayName: contests.displayName, prize: contests.prize }).from(contests).where(eq(contests.slug, slug)).limit(1);
  return rows[0];
}
