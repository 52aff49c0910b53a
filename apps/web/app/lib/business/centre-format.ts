// What the business centre's pages show in the browser too (no server code): the dashboard's
// measures and their names, and times on the merchant centre's clock.
export { MEASURES, type Measure } from '@market/domain/api/merchant-insights';
import type { Measure } from '@market/domain/api/merchant-insights';
export const MEASURE_LABEL: Record<Measure, string> = {
  impressions: 'Offer views',
  detail_views: 'Page views',
  saves: 'Saves',
  shares: 'Shares',
  prints: 'Prints',
  downloads: 'Downloads',
  verified_redemptions: 'Redeemed',
  leads: 'Leads',
};

/** "Nov 3, 2026, 4:05 PM" in Detroit time (the merchant centre's clock). */
export function when(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone: 'America/Detroit', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
