// The in-process analytics buffer (SPEC.md 7): events are answered at once and written in
// batches, flushed on an interval, when the batch fills, and on app close. One per app (its
// dependencies, context.ts), so any module records into it.
import type { FastifyBaseLogger } from 'fastify';
import { METRIC_OF_EVENT, type ClientEvent, type DailyMetric, type ServerEvent } from '@market/domain/analytics';
import { BUSINESS_TIMEZONE, dayIn } from '@market/domain/expiry';
import type { DbHandle } from '../../../db/client.ts';
import { claimImpressions, findExistingUsers, findLocationOwners, findOfferOwners, insertBatch, type CounterRow, type EventRow, type ImpressionKey } from '../repository.ts';

export interface AnalyticsEvent {
  event: ClientEvent | ServerEvent;
  source: 'client' | 'server';
  offerId?: number | undefined;
  locationId?: number | undefined;
  userId?: number | null | undefined;
  data?: Record<string, unknown>;
  occurredAt?: Date;
  /**
   * Who saw it, for `offer.impression`: `u:<member id>` or `a:<address hash>` (clientViewer). An
   * impression with a viewer counts once per offer, viewer and business day; the repeats are dropped.
   */
  viewer?: string | undefined;
}

export interface BufferOptions {
  /** A batch is written once this many events wait. */
  maxBatch?: number;
  /** ...or this long after the first of them arrived. */
  flushIntervalMs?: number;
  /** Beyond this many waiting events (the database is down), new ones are dropped, not kept. */
  maxQueued?: number;
}

/** Where events go; one per app (see routes.ts). */
export class EventBuffer {
  private queue: AnalyticsEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly maxBatch: number;
  private readonly flushIntervalMs: number;
  private readonly maxQueued: number;
  /** Events dropped because the queue was full or a batch failed (for logs and tests). */
  dropped = 0;

  private readonly handle: DbHandle;
  private readonly log: FastifyBaseLogger;

  constructor(handle: DbHandle, log: FastifyBaseLogger, options: BufferOptions = {}) {
    this.handle = handle;
    this.log = log;
    this.maxBatch = options.maxBatch ?? 500;
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.maxQueued = options.maxQueued ?? 50_000;
  }

  /** Events waiting for the next batch. */
  get pending(): number {
    return this.queue.length;
  }

  /** Queues one event; never waits for the database. */
  record(event: AnalyticsEvent): void {
    if (this.closed || this.queue.length >= this.maxQueued) {
      this.dropped++;
      return;
    }
    this.queue.push({ ...event, occurredAt: event.occurredAt ?? new Date() });
    if (this.queue.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushIntervalMs).unref();
  }

  /** Writes everything queued so far; resolves when it is stored (or dropped after an error). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0);
    if (batch.length) {
      this.writing = this.writing.then(() =>
        writeBatch(this.handle, batch).catch((error: unknown) => {
          this.dropped += batch.length;
          this.log.error({ err: error, events: batch.length }, 'analytics batch not written');
        }),
      );
    }
    return this.writing;
  }

  /** Stops taking events and writes what is left (the app's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

/**
 * Resolves offer -> location -> merchant, drops events whose ids do not exist, and writes. An
 * event counts on the business day of its location's market (markets.timezone; docs/decisions.md
 * "Analytics days are the market's days"), America/Detroit when it names no location.
 */
async function writeBatch(handle: DbHandle, batch: AnalyticsEvent[]): Promise<void> {
  const offerIds = [...new Set(batch.map((e) => e.offerId).filter((id): id is number => !!id))];
  // Offers first: their locations are needed for the market's time zone.
  const offerRows = await findOfferOwners(handle.db, offerIds);
  const locationIds = [...new Set([...batch.map((e) => e.locationId), ...offerRows.map((r) => r.locationId)].filter((id): id is number => !!id))];
  const userIds = [...new Set(batch.map((e) => e.userId).filter((id): id is number => !!id))];
  const [locationRows, userRows] = await Promise.all([findLocationOwners(handle.db, locationIds), findExistingUsers(handle.db, userIds)]);
  const liveUsers = new Set(userRows.map((r) => r.id));
  const offerOwner = new Map(offerRows.map((r) => [r.id, r]));
  const locationMerchant = new Map(locationRows.map((r) => [r.id, r.merchantId]));
  const locationZone = new Map(locationRows.map((r) => [r.id, r.timeZone]));

  // Resolved first; counted only once the impressions among them are claimed.
  const resolved: Array<{ row: EventRow; metric: DailyMetric; offerId: number | null; impression: ImpressionKey | null }> = [];
  for (const e of batch) {
    const offer = e.offerId ? offerOwner.get(e.offerId) : undefined;
    if (e.offerId && !offer) continue;
    if (e.locationId && !locationMerchant.has(e.locationId)) continue;
    const locationId = e.locationId || offer?.locationId;
    const merchantId = offer?.merchantId ?? (locationId ? locationMerchant.get(locationId) : undefined);
    const occurredAt = e.occurredAt ?? new Date();
    const day = dayIn((locationId && locationZone.get(locationId)) || BUSINESS_TIMEZONE, occurredAt);
    resolved.push({
      row: {
        event: e.event,
        source: e.source,
        offerId: offer ? e.offerId! : null,
        locationId: locationId ?? null,
        merchantId: merchantId ?? null,
        userId: e.userId && liveUsers.has(e.userId) ? e.userId : null,
        data: e.data ?? {},
        occurredAt,
        day,
      },
      metric: METRIC_OF_EVENT[e.event],
      offerId: offer ? e.offerId! : null,
      impression: e.event === 'offer.impression' && e.viewer && offer ? { offerId: e.offerId!, day, viewer: e.viewer } : null,
    });
  }
  if (!resolved.length) return;

  await handle.db.transaction(async (tx) => {
    // One INSERT ... ON CONFLICT DO NOTHING: only the impressions it inserted count (whatever the
    // concurrency, on any number of servers); keys sorted so concurrent batches lock in one order.
    const keyOf = (k: ImpressionKey) => `${String(k.offerId).padStart(10, '0')}|${k.day}|${k.viewer}`;
    const wanted = new Map(resolved.flatMap((r) => (r.impression ? [[keyOf(r.impression), r.impression] as const] : [])));
    const claimed = new Set((await claimImpressions(tx, [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k))).map(keyOf));

    const events: EventRow[] = [];
    const counters = new Map<string, CounterRow>();
    const count = (scope: CounterRow['scope'], scopeId: number, day: string, metric: DailyMetric) => {
      const key = `${scope}|${String(scopeId).padStart(10, '0')}|${day}|${metric}`;
      const row = counters.get(key);
      if (row) row.count++;
      else counters.set(key, { scope, scopeId, day, metric, count: 1 });
    };
    for (const { row, metric, offerId, impression } of resolved) {
      // A repeat impression (claimed before, or earlier in this batch) is neither stored nor counted.
      if (impression && !claimed.delete(keyOf(impression))) continue;
      events.push(row);
      if (offerId) count('offer', offerId, row.day, metric);
      if (row.locationId) count('location', row.locationId, row.day, metric);
      if (row.merchantId) count('merchant', row.merchantId, row.day, metric);
    }
    if (!events.length) return;
    const sorted = [...counters.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    await insertBatch(tx, events, sorted);
  });
}
