// Modal deep links (SPEC.md 2 Deep links, 4): o (offer), c (contest), l (location) on the current
// page. Opening one replaces any other; closing removes it and restores the address.
import type { ShouldRevalidateFunctionArgs } from 'react-router';

export const MODAL_KEYS = ['o', 'c', 'l'] as const;
export type ModalKey = (typeof MODAL_KEYS)[number];

/** The current page's URL with one modal parameter set (others removed). */
export function modalHref(location: { pathname: string; search: string }, key: ModalKey, id: number): string {
  const params = new URLSearchParams(location.search);
  for (const k of MODAL_KEYS) params.delete(k);
  params.set(key, String(id));
  return `${location.pathname}?${params.toString()}`;
}

/** The current page's URL without modal parameters. */
export function withoutModal(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  for (const k of MODAL_KEYS) params.delete(k);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** Whether two URLs differ only in their modal parameters (lists need not reload then). */
export function onlyModalChanged(a: URL, b: URL): boolean {
  if (a.pathname !== b.pathname) return false;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const k of MODAL_KEYS) p.delete(k);
    p.sort();
    return p.toString();
  };
  return strip(a) === strip(b);
}

/** shouldRevalidate for list pages: opening or closing a modal does not reload the list. */
export function keepListOnModalChange({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && onlyModalChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
