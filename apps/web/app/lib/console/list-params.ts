// A console list's state lives in its page's URL (COMMON "Console lists": q, filters, sort as
// `field` or `-field`, 1-based page): the table's links and forms write it, the page's loader
// reads it and asks the API for the same. Shared by the browser and the server.

/** Console lists answer at most this exact count; 10,001 means "more than 10,000". */
export const COUNT_CAP = 10_000;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface SortState {
  field: string;
  desc: boolean;
}

/** `-created_at` -> {field: 'created_at', desc: true}; null for none or a malformed value. */
export function parseSort(value: string | null | undefined): SortState | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return /^[a-z][a-z0-9_.]{0,63}$/i.test(field) ? { field, desc } : null;
}

export function sortParam(sort: SortState): string {
  return sort.desc ? `-${sort.field}` : sort.field;
}

/** The 1-based page of the URL (1 when missing or not a positive whole number). */
export function pageParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The URL's search with some parameters changed (null removes one); '?' alone when empty. */
export function searchWith(search: URLSearchParams | string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : '?';
}

/** How many pages a count makes, and whether the count was capped (the API's 10,001). */
export function pageCount(count: number, pageSize: number): { pages: number; capped: boolean } {
  const capped = count > COUNT_CAP;
  return { pages: Math.max(1, Math.ceil(Math.min(count, COUNT_CAP) / Math.max(1, pageSize))), capped };
}

const NUMBER = new Intl.NumberFormat('en-US');

/** "1,234 results", "1 result", "10,000+ results". */
export function countLabel(count: number): string {
  if (count > COUNT_CAP) return `${NUMBER.format(COUNT_CAP)}+ results`;
  return `${NUMBER.format(count)} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * The API query of a console list page, from the page's URL: q, the named filters, sort, page and
 * page_size, each passed on only when set (loaders:
 * `/api/console/offers/${listQuery(consolePageUrl(request), ['status', 'market'])}`).
 */
export function listQuery(url: URL, filters: readonly string[] = []): string {
  const from = url.searchParams;
  const out = new URLSearchParams();
  const q = from.get('q')?.trim();
  if (q) out.set('q', q.slice(0, 200));
  for (const name of filters) {
    const value = from.get(name);
    if (value) out.set(name, value.slice(0, 200));
  }
  const sort = parseSort(from.get('sort'));
  if (sort) out.set('sort', sortParam(sort));
  const page = pageParam(from.get('page'));
  if (page > 1) out.set('page', String(page));
  const size = Number(from.get('page_size'));
  if (Number.isSafeInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE && size !== DEFAULT_PAGE_SIZE) out.set('page_size', String(size));
  const s = out.toString();
  return s ? `?${s}` : '';
}
