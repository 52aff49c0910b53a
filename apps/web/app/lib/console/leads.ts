// How the console names lead kinds, statuses and markets (the API's ids in
// @market/domain/api/console-leads), and which status changes a lead page offers.
import type { CONSOLE_LEAD_KINDS, CONSOLE_LEAD_STATUSES } from '@market/domain/api/console-leads';
import { MARKET_IDS, MARKETS, type MarketId } from '@market/domain/markets';

export type LeadKind = (typeof CONSOLE_LEAD_KINDS)[number];
export type LeadStatus = (typeof CONSOLE_LEAD_STATUSES)[number];

export const LEAD_KIND_LABEL: Record<LeadKind, string> = {
  autolead: 'Auto lead',
  businesslead: 'Business lead',
  contractorapplication: 'Contractor application',
  suggestmerchant: 'Merchant suggestion',
  magazine_lead: 'Magazine request',
  mail_removal: 'Mailing removal',
};

export const LEAD_STATUS_LABEL: Record<LeadStatus, string> = { new: 'New', in_progress: 'In progress', done: 'Done', spam: 'Spam' };

/** The way through the inbox (new -> in progress -> done or spam), and back when a lead was closed by mistake. */
export const LEAD_NEXT_STATUSES: Record<LeadStatus, ReadonlyArray<{ status: LeadStatus; label: string }>> = {
  new: [
    { status: 'in_progress', label: 'Start work (in progress)' },
    { status: 'spam', label: 'Mark as spam' },
  ],
  in_progress: [
    { status: 'done', label: 'Mark as done' },
    { status: 'spam', label: 'Mark as spam' },
  ],
  done: [{ status: 'in_progress', label: 'Reopen (in progress)' }],
  spam: [{ status: 'new', label: 'Not spam (back to new)' }],
};

export function marketLabel(id: string): string {
  return (MARKET_IDS as readonly string[]).includes(id) ? MARKETS[id as MarketId].name : id;
}

export function kindLabel(kind: string): string {
  return LEAD_KIND_LABEL[kind as LeadKind] ?? kind;
}

export function statusLabel(status: string): string {
  return LEAD_STATUS_LABEL[status as LeadStatus] ?? status;
}

/** The filters the inbox and its CSV export share (the API's names). */
export const LEAD_FILTERS = ['kind', 'status', 'market', 'assigned_to', 'from', 'to'] as const;

/** The export link of an inbox view: its filters (not its order or page: the file is every row, newest first). */
export function exportHref(search: string): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const name of ['q', ...LEAD_FILTERS]) {
    const value = from.get(name)?.trim();
    if (value) out.set(name, value);
  }
  const s = out.toString();
  return `/console/leads/export.csv${s ? `?${s}` : ''}`;
}
