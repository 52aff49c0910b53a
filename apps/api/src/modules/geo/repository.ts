import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { markets } from '../../db/schema/index.ts';

export function findAllMarkets(db: Executor) {
  return db.select().from(markets).orderBy(asc(markets.id));
}
