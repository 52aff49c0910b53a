import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callouts, calloutSettings } from '../../db/schema/index.ts';

/** Callouts of one set: the regular ones or the default (fallback) ones. */
export function findCallouts(db: Executor, options: { isDefault: boolean }) {
  return db
    .select({
      id: callouts.id,
      imageUrl: callouts.imageUrl,
      imageMime: callouts.imageMime,
      alternativeText: callouts.alternativeText,
      link: callouts.link,
      target: callouts.target,
      rel: callouts.rel,
      openLinkInNewTab: callouts.openLinkInNewTab,
      orderNum: callouts.orderNum,
      showForAllStates: callouts.showForAllStates,
      states: callouts.states,
      startsOn: callouts.startsOn,
      endsOn: callouts.endsOn,
    })
    .from(callouts)
    .where(eq(callouts.isDefault, options.isDefault))
    .orderBy(asc(callouts.orderNum), asc(callouts.id));
}

/** The single settings row (id 1), if stored. */
export async function findCalloutSettings(db: Executor) {
  const rows = await db
    .select({
      useDefaultCallouts: calloutSettings.useDefaultCallouts,
      numberOfDefaultCalloutsToUse: calloutSettings.numberOfDefaultCalloutsToUse,
      randomizeCalloutOrder: calloutSettings.randomizeCalloutOrder,
    })
    .from(calloutSettings)
    .where(eq(calloutSettings.id, 1))
    .limit(1);
  return rows[0];
}
