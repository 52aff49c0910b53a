// Analytics events (SPEC.md 7: POST /api/analytics/event/ with event and data; no error handling).
// Sent as a beacon: fire-and-forget, survives navigation, never blocks the page.

export type AnalyticsEvent = 'offer.impression' | 'offer.print' | 'location.view' | 'merchant-website.view' | 'entity.share';

export function recordEvent(event: AnalyticsEvent, data: Record<string, unknown>): void {
  try {
    const body = new Blob([JSON.stringify({ event, data })], { type: 'application/json' });
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') navigator.sendBeacon('/api/analytics/event/', body);
  } catch {
    // SPEC.md 7: no error handling.
  }
}
