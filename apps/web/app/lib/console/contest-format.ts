// How the console writes contest values (list, edit page, conflict notice); shared by the browser
// and the server, no dates computed in the browser (days are written as stored).
import { MARKETS, type MarketId } from '@market/domain/markets';

const STATUS_LABEL: Record<string, string> = { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' };

export function contestStatusLabel(status: string): string {
  return STATUS_LABEL[status] ?? status;
}

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' });

/** "Nov 3, 2026" from "2026-11-03" (the day as stored, whatever the viewer's time zone). */
export function dayText(day: string | null | undefined): string {
  if (!day) return '';
  const at = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : DAY.format(at);
}

export function marketName(id: string): string {
  return MARKETS[id as MarketId]?.name ?? id;
}

/** "Detroit (featured), Chicago"; "None" for an empty list. */
export function marketsText(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return 'None';
  return value
    .map((m: { market_id?: string; is_featured?: boolean }) => `${marketName(m.market_id ?? '')}${m.is_featured ? ' (featured)' : ''}`)
    .join(', ');
}
