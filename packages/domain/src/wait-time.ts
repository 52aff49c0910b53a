// How long a rate-limited client must wait, in words, from the Retry-After seconds of a 429: a
// sign-up window can be an hour, and "wait a moment" would send people back far too early.

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * '45 seconds', '5 minutes', '1 hour', '1 hour 30 minutes'. Rounded up, so the wait it names is
 * never shorter than the real one.
 */
export function formatWait(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60;
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}
