// The leads inbox of the staff console (docs/api.md "Staff console"): support staff read, assign
// and close the leads of their markets, write notes, export the filtered view as CSV, look up a
// newsletter address; editors approve a contractor application into a merchant record. Every
// write is audited in its own transaction; a PATCH carries the version it read.
import type { Writable } from 'node:stream';
import type { ConsoleLeadDetailOut, ConsoleLeadOut, LeadNoteOut } from '@market/domain/api/console-leads';
import type { AppDeps } from '../../context.ts';
import { LEAD_KINDS, type LeadKind } from '../../db/schema/index.ts';
import type { Sort } from '../../lib/console-list.ts';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { ASSIGNEE_OWN_BUSINESS, assertNotOwnBusiness } from '../merchant-access/lib/separation-of-duties.ts';
import { resolvePosition } from '../geo/service.ts';
import { writeCsv, type Column, type Row } from '../leads/lib/export.ts';
import { LEAD_FIELDS, fieldText } from '../leads/lib/fields.ts';
import { assertMarket, worksOn, type StaffUser } from '../staff/lib/guard.ts';
import {
  findActiveStaff,
  findHomeProsCategories,
  findLead,
  findLeadBatch,
  findLeadPage,
  findLocationAt,
  findMerchantBySlug,
  findNotes,
  findSubscriptionsLike,
  insertLocation,
  insertMerchant,
  insertNote,
  updateLeadAtVersion,
  updateMerchant,
  type LeadFilter,
  type LeadRow,
  type LeadStatus,
  type MerchantSnapshot,
} from './repository.ts';

export const LEAD_NOT_FOUND = 'There is no lead with this id.';
export const ASSIGNEE_INVALID = 'Choose a staff member who works on this lead’s market.';
export const NOT_A_CONTRACTOR_APPLICATION = 'Only a contractor application can be approved as a merchant.';

/** The filters of the list and the export, as the routes read them. */
export interface LeadQuery {
  kind?: LeadKind;
  status?: LeadStatus;
  market?: string;
  assigned_to?: number | 'me' | 'none';
  q?: string;
  from?: Date;
  to?: Date;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function summaryOf(row: LeadRow): ConsoleLeadOut['summary'] {
  const d = row.details;
  const person = [str(d.first_name), str(d.last_name)].filter(Boolean).join(' ');
  return {
    // A suggestion's `name` is the business suggested, not a person.
    name: person || null,
    email: row.email ?? str(d.email),
    phone: str(d.phone),
    company: str(d.business_name) ?? str(d.company_name) ?? (row.kind === 'suggestmerchant' ? str(d.name) : null),
  };
}

function leadOut(row: LeadRow): ConsoleLeadOut {
  return {
    id: row.id,
    kind: row.kind,
    market: row.marketId,
    status: row.status,
    assigned_to: row.assignedTo === null ? null : { id: row.assignedTo, name: `${row.assigneeFirstName ?? ''} ${row.assigneeLastName ?? ''}`.trim() },
    summary: summaryOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The list filter for this staff member: their markets, and 'me' read as their id. */
function filterFor(staff: StaffUser, q: LeadQuery): LeadFilter {
  return {
    kind: q.kind,
    status: q.status,
    market: q.market,
    markets: staff.markets,
    assignedTo: q.assigned_to === 'me' ? staff.id : q.assigned_to,
    q: q.q,
    from: q.from,
    to: q.to,
  };
}

/** A page of the inbox; market-limited staff see their markets only. */
export async function listLeads(deps: AppDeps, staff: StaffUser, q: LeadQuery, sort: Sort<'created_at' | 'updated_at'>, page: { page: number; pageSize: number }) {
  const { rows, count } = await findLeadPage(deps.db.db, filterFor(staff, q), sort, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return { results: rows.map(leadOut), count, page: page.page, page_size: page.pageSize };
}

async function leadOf(deps: AppDeps, staff: StaffUser, id: number): Promise<LeadRow> {
  const row = await findLead(deps.db.db, id);
  if (!row) throw notFound(LEAD_NOT_FOUND);
  assertMarket(staff, row.marketId);
  return row;
}

function noteOut(n: Awaited<ReturnType<typeof findNotes>>[number]): LeadNoteOut {
  return {
    id: n.id,
    author: n.authorId === null ? null : { id: n.authorId, name: `${n.firstName ?? ''} ${n.lastName ?? ''}`.trim() },
    body: n.body,
    created_at: n.createdAt.toISOString(),
  };
}

/** One lead: every field of its form and its notes. */
export async function getLead(deps: AppDeps, staff: StaffUser, id: number): Promise<ConsoleLeadDetailOut> {
  const row = await leadOf(deps, staff, id);
  const notes = await findNotes(deps.db.db, id);
  return { ...leadOut(row), details: row.details, tracking_id: row.trackingId, notes: notes.map(noteOut) };
}

/**
 * Changes a lead's status or assignee, if nobody changed it since `version` was read (else 409
 * with the current lead). The assignee must be active staff who works on the lead's market.
 */
export async function updateLead(deps: AppDeps, staff: StaffUser, id: number, input: { version: number; status?: LeadStatus; assigned_to?: number | null }, ip: string | null): Promise<ConsoleLeadOut> {
  const before = await leadOf(deps, staff, id);
  // Separation of duties: nobody handles or assigns a lead of a business they are on the team of,
  // nor is given one.
  const attempt = { action: 'lead.update', entity: 'lead', entityId: id, marketId: before.marketId, ip };
  if (before.merchantId !== null) await assertNotOwnBusiness(deps.db.db, staff, before.merchantId, attempt);
  if (input.assigned_to !== undefined && input.assigned_to !== null) {
    const assignee = await findActiveStaff(deps.db.db, input.assigned_to);
    if (!assignee || !worksOn({ markets: assignee.markets }, before.marketId)) throw invalid('assigned_to', ASSIGNEE_INVALID);
    if (before.merchantId !== null) await assertNotOwnBusiness(deps.db.db, staff, before.merchantId, attempt, { userId: input.assigned_to, message: ASSIGNEE_OWN_BUSINESS });
  }
  return deps.db.db.transaction(async (tx) => {
    const values = { ...(input.status ? { status: input.status } : {}), ...(input.assigned_to !== undefined ? { assignedTo: input.assigned_to } : {}) };
    if (!(await updateLeadAtVersion(tx, id, input.version, values))) {
      const current = await findLead(tx, id);
      if (!current) throw notFound(LEAD_NOT_FOUND);
      throw staleVersion('lead', leadOut(current));
    }
    const after = leadOut((await findLead(tx, id))!);
    await recordAudit(tx, { actor: staff, action: 'lead.update', entity: 'lead', entityId: id, marketId: before.marketId, before: leadOut(before), after, ip });
    return after;
  });
}

/** Adds a note to a lead (audited with its text). */
export async function addLeadNote(deps: AppDeps, staff: StaffUser, id: number, body: string, ip: string | null): Promise<LeadNoteOut> {
  const lead = await leadOf(deps, staff, id);
  return deps.db.db.transaction(async (tx) => {
    const note = await insertNote(tx, id, staff.id, body);
    const out: LeadNoteOut = { id: note.id, author: { id: staff.id, name: `${staff.firstName} ${staff.lastName}`.trim() }, body, created_at: note.createdAt.toISOString() };
    await recordAudit(tx, { actor: staff, action: 'lead.note', entity: 'lead', entityId: id, marketId: lead.marketId, after: out, ip });
    return out;
  });
}

const EXPORT_BATCH = 1000;
const BASE_COLUMNS = ['id', 'created_at', 'updated_at', 'kind', 'market', 'status', 'assigned_to', 'name', 'email', 'phone', 'company', 'tracking_id'];

/** The columns of an export: the common ones, then the form fields of the kind (of every kind without one). */
function exportColumns(kind: LeadKind | undefined): Column[] {
  const fields = [...new Set((kind ? [kind] : LEAD_KINDS).flatMap((k) => LEAD_FIELDS[k].map((f) => f.key)))].filter((k) => !BASE_COLUMNS.includes(k));
  return [...BASE_COLUMNS, ...fields].map((key) => ({ key, header: key }));
}

function exportRow(row: LeadRow): Row {
  const out = leadOut(row);
  const cells: Row = {
    id: row.id,
    created_at: out.created_at,
    updated_at: out.updated_at,
    kind: row.kind,
    market: row.marketId,
    status: row.status,
    assigned_to: out.assigned_to?.name ?? '',
    name: out.summary.name ?? '',
    email: out.summary.email ?? '',
    phone: out.summary.phone ?? '',
    company: out.summary.company ?? '',
    tracking_id: row.trackingId ?? '',
  };
  for (const { key } of LEAD_FIELDS[row.kind]) if (!(key in cells)) cells[key] = fieldText(row.details[key]);
  return cells;
}

/** `leads-YYYY-MM-DD.csv`, the day of the export in UTC. */
export function exportFileName(now = new Date()): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Writes the filtered inbox as CSV to `out`, newest first, in keyset batches of 1,000 (constant
 * memory whatever the count), through the leads export's CSV writer (CSV-injection safe). The
 * export is audited with its filters and row count once the last row is written.
 */
export async function exportLeads(deps: AppDeps, staff: StaffUser, q: LeadQuery, out: Writable, ip: string | null): Promise<number> {
  const filter = filterFor(staff, q);
  let audited = false;
  const audit = async (rows: number) => {
    audited = true;
    const filters = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
    await recordAudit(deps.db.db, { actor: staff, action: 'lead.export', entity: 'lead', after: { filters, rows, markets: staff.markets }, ip });
  };
  async function* rows(): AsyncGenerator<Row> {
    let count = 0;
    for (let before: number | null = null; ; ) {
      const batch = await findLeadBatch(deps.db.db, filter, before, EXPORT_BATCH);
      for (const row of batch) {
        count++;
        yield exportRow(row);
      }
      if (batch.length < EXPORT_BATCH) break;
      before = batch[batch.length - 1]!.id;
    }
    // Recorded before the file ends, so the entry exists when the download completes.
    await audit(count);
  }
  const count = await writeCsv(exportColumns(q.kind), rows(), out);
  // The reader went away before the end: the rows written so far are recorded.
  if (!audited) await audit(count);
  return count;
}

/** Newsletter status of an address (or of the addresses starting with `q`). */
export async function newsletterStatus(deps: AppDeps, q: string) {
  const rows = await findSubscriptionsLike(deps.db.db, q);
  return {
    results: rows.map((s) => ({
      email: s.email,
      status: s.unsubscribedAt ? ('unsubscribed' as const) : s.confirmedAt ? ('confirmed' as const) : ('pending' as const),
      subscribed_at: s.subscribedAt.toISOString(),
      confirmed_at: s.confirmedAt?.toISOString() ?? null,
      unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
    })),
  };
}

export interface ApprovalInput {
  version?: number | undefined;
  licence_number?: string | undefined;
  licence_expires_on?: string | undefined;
  insurance_expires_on?: string | undefined;
}

/** The merchant slug of a company name: lower-case words joined by hyphens. */
export function merchantSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'merchant'
  );
}

function merchantOut(m: NonNullable<MerchantSnapshot>) {
  const { version, ...rest } = m;
  return { ...rest, version };
}

/**
 * Approves a contractor application (SPEC.md 6 certified home pros): creates the pro's merchant
 * record, or updates the one of the same name, with the certification the application states
 * (and the licence number and expiry dates the editor adds), under the home-improvement
 * category; adds a location when the application has a street address; marks the lead done.
 * One transaction, audited ('merchant.create' or 'merchant.update', 'location.create',
 * 'lead.update').
 */
export async function approveContractor(deps: AppDeps, staff: StaffUser, id: number, input: ApprovalInput, ip: string | null) {
  const lead = await leadOf(deps, staff, id);
  if (lead.kind !== 'contractorapplication') throw new AppError('invalid', NOT_A_CONTRACTOR_APPLICATION, { detail: [NOT_A_CONTRACTOR_APPLICATION] });
  if (input.version !== undefined && input.version !== lead.version) throw staleVersion('lead', leadOut(lead));
  const d = lead.details;
  const company = str(d.company_name) ?? 'Unnamed contractor';
  const address = str(d.address);
  const place = address ? await resolvePosition(deps, { city: str(d.city) ?? undefined, state: str(d.state) ?? undefined }) : null;
  const projectSlugs = Array.isArray(d.project_slugs) ? d.project_slugs.filter((s): s is string => typeof s === 'string') : [];
  const yes = (v: unknown) => v === 1 || v === true;

  const result = await deps.db.db.transaction(async (tx) => {
    const { categoryId, subcategoryIds } = await findHomeProsCategories(tx, projectSlugs);
    const values = {
      name: company,
      websiteUrl: str(d.website),
      phone: str(d.phone),
      categoryId,
      subcategoryIds,
      licensed: yes(d.licensed),
      bonded: yes(d.bonded),
      insured: yes(d.insured),
      // Certified: licensed and insured (SPEC.md 6); bonding is shown but not required.
      isCertified: yes(d.licensed) && yes(d.insured),
      ...(input.licence_number ?? str(d.licence_number) ? { licenceNumber: input.licence_number ?? str(d.licence_number) } : {}),
      ...(input.licence_expires_on ?? str(d.licence_expires_on) ? { licenceExpiresOn: input.licence_expires_on ?? str(d.licence_expires_on) } : {}),
      ...(input.insurance_expires_on ?? str(d.insurance_expires_on) ? { insuranceExpiresOn: input.insurance_expires_on ?? str(d.insurance_expires_on) } : {}),
    };
    const slug = merchantSlug(company);
    const existing = await findMerchantBySlug(tx, slug);
    const merchant = existing ? await updateMerchant(tx, existing.id, values) : await insertMerchant(tx, slug, values);
    await recordAudit(tx, {
      actor: staff,
      action: existing ? 'merchant.update' : 'merchant.create',
      entity: 'merchant',
      entityId: merchant.id,
      marketId: lead.marketId,
      before: existing ? merchantOut(existing) : undefined,
      after: { ...merchantOut(merchant), from_lead: id },
      ip,
    });

    let locationId: number | null = null;
    if (address && place) {
      const zip = str(d.zip) ?? '';
      const found = await findLocationAt(tx, merchant.id, address, zip);
      if (found) locationId = found.id;
      else {
        const location = await insertLocation(tx, merchant.id, {
          marketId: lead.marketId,
          displayName: company,
          address,
          city: str(d.city) ?? place.city ?? '',
          state: str(d.state) ?? place.state ?? '',
          zip,
          phone: str(d.phone),
          lat: place.lat,
          lng: place.lng,
        });
        locationId = location.id;
        await recordAudit(tx, { actor: staff, action: 'location.create', entity: 'location', entityId: location.id, marketId: lead.marketId, after: { ...location, merchant_id: merchant.id, from_lead: id }, ip });
      }
    }

    if (!(await updateLeadAtVersion(tx, id, input.version ?? lead.version, { status: 'done' }))) {
      throw staleVersion('lead', leadOut((await findLead(tx, id))!));
    }
    const after = leadOut((await findLead(tx, id))!);
    await recordAudit(tx, { actor: staff, action: 'lead.update', entity: 'lead', entityId: id, marketId: lead.marketId, before: leadOut(lead), after: { ...after, approved_as_merchant: merchant.id }, ip });
    return { merchant_id: merchant.id, location_id: locationId, created: !existing, lead: after };
  });
  // Saver answers may list the merchant: drop them now in this process (others hear catalogue_changed).
  deps.answers.clear();
  return result;
}
