// The CSV export of each kind of lead for the sales team (docs/operations.md): one row per lead,
// the fields in the order of the office mail (fields.ts), written with csv-stringify while paging
// through the table by id, so any number of leads streams in constant memory.
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { LEAD_KINDS, type LeadKind } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../context.ts';
import type { DbHandle } from '../../../db/client.ts';
import { sweepstakesClaimsPage } from '../../contests/service.ts';
import { LEAD_FIELDS, fieldText } from './fields.ts';
import { findLeadsOfKind, findSubscriptions } from '../repository.ts';

/** Every kind the command exports: the lead forms, newsletter subscribers, sweepstakes claims. */
export const EXPORT_KINDS = [...LEAD_KINDS, 'newsletter', 'sweepstakes'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const PAGE = 1000;

export type Row = Record<string, string | number>;
export interface Column {
  key: string;
  header: string;
}

/**
 * Spreadsheets run cells that start with =, +, -, @ as formulas (CSV injection): such text gets
 * a leading apostrophe. Phone numbers (+12485550100) and plain numbers stay as they are.
 */
export function safeCell(value: string): string {
  if (/^[=+\-@\t\r]/.test(value) && !/^[+-]?\d[\d\s().-]*$/.test(value)) return `'${value}`;
  return value;
}

async function* leadRows(handle: DbHandle, kind: LeadKind): AsyncGenerator<Row> {
  for (let after = 0; ; ) {
    const page = await findLeadsOfKind(handle.db, kind, after, PAGE);
    for (const lead of page) {
      const row: Row = { id: lead.id, created_at: lead.createdAt.toISOString(), market: lead.marketId, tracking_id: lead.trackingId ?? '' };
      for (const { key } of LEAD_FIELDS[kind]) row[key] = fieldText(lead.details[key]);
      yield row;
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

async function* subscriberRows(handle: DbHandle): AsyncGenerator<Row> {
  for (let after = 0; ; ) {
    const page = await findSubscriptions(handle.db, after, PAGE);
    for (const s of page) {
      yield {
        id: s.id,
        email: s.email,
        // Double opt-in: an address never confirmed is pending, not subscribed.
        status: s.unsubscribedAt ? 'unsubscribed' : s.confirmedAt ? 'subscribed' : 'pending',
        subscribed_at: s.subscribedAt.toISOString(),
        unsubscribed_at: s.unsubscribedAt?.toISOString() ?? '',
        subscribe_count: s.subscribeCount,
        tracking_id: s.trackingId ?? '',
      };
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

async function* claimRows(deps: Pick<AppDeps, 'db'>): AsyncGenerator<Row> {
  for (let after = 0; ; ) {
    const page = await sweepstakesClaimsPage(deps, after, PAGE);
    for (const c of page) {
      yield {
        ...c,
        entity_id: c.entity_id ?? '',
        numbers: c.numbers.join(' '),
        matched_numbers: c.matched_numbers.join(' '),
        is_match: c.is_match ? 1 : 0,
        reference: c.reference ?? '',
      };
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

function columnsOf(kind: ExportKind): Column[] {
  const c = (key: string, header = key): Column => ({ key, header });
  if (kind === 'newsletter') return ['id', 'email', 'status', 'subscribed_at', 'unsubscribed_at', 'subscribe_count', 'tracking_id'].map((k) => c(k));
  if (kind === 'sweepstakes') {
    return ['id', 'created_at', 'market_id', 'contest_id', 'contest', 'entity_id', 'first_name', 'last_name', 'email', 'numbers', 'matched_numbers', 'is_match', 'address1', 'address2', 'city', 'state', 'zip', 'reference'].map((k) => c(k));
  }
  return [c('id'), c('created_at'), c('market'), ...LEAD_FIELDS[kind].map((f) => c(f.key, f.key)), c('tracking_id')];
}

/** Writes every record of `kind` as CSV (header row first) to `out`; answers the number of rows. */
export async function exportLeadsCsv(deps: Pick<AppDeps, 'db'>, kind: ExportKind, out: Writable): Promise<number> {
  const rows = kind === 'newsletter' ? subscriberRows(deps.db) : kind === 'sweepstakes' ? claimRows(deps) : leadRows(deps.db, kind);
  return writeCsv(columnsOf(kind), rows, out);
}

/**
 * Writes rows as CSV (header row first, every text cell through safeCell) to `out` as they come,
 * waiting whenever `out` is full, so any number of rows streams in constant memory; answers the
 * number of rows. The command and the console export (console-leads) both write through it.
 */
export async function writeCsv(columns: Column[], rows: AsyncIterable<Row>, out: Writable): Promise<number> {
  const csv = stringify({ header: true, columns, cast: { string: safeCell } });
  const done = new Promise<void>((resolve, reject) => {
    csv.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    out.on('close', resolve);
  });
  // A reader that goes away (a closed download) ends the export instead of leaving it waiting.
  let closed = false;
  void done.then(
    () => (closed = true),
    () => (closed = true),
  );
  csv.pipe(out);
  let count = 0;
  for await (const row of rows) {
    if (closed) break;
    if (!csv.write(row)) await Promise.race([new Promise((resolve) => csv.once('drain', resolve)), done]);
    count++;
  }
  csv.end();
  await done;
  return count;
}
