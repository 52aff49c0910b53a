// Category filter (SPEC.md 2 Search and browse, 4 Category filter): a modal listing the categories
// (display limit 50) and, where enabled, the has-offers filter. Applying closes the modal, rewrites
// the repeated `filter` query parameters without a reload, and shows a busy state for 0.5 s.
// Before JavaScript loads the same choices are a disclosure with a GET form.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_BUSY_MS } from '@market/domain/constants';
import type { FilterCategory } from '../lib/api/api-types.ts';
import { useHydrated } from '../lib/ui/hooks.ts';
import { LazyDialog } from './lazy-dialog.tsx';

interface Props {
  categories: FilterCategory[];
  selected: string[];
  hasOffersEnabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

function Choices({ categories, selected, hasOffersEnabled, hasOffers }: { categories: FilterCategory[]; selected: string[]; hasOffersEnabled: boolean; hasOffers: boolean }) {
  return (
    <>
      <fieldset className="filter-choices">
        <legend className="visually-hidden">Categories</legend>
        {categories.map((c) => (
          <label key={c.slug} className="checkbox">
            <input type="checkbox" name="filter" value={c.slug} defaultChecked={selected.includes(c.slug)} /> {c.name}
          </label>
        ))}
      </fieldset>
      {hasOffersEnabled ? (
        <label className="checkbox has-offers">
          <input type="checkbox" name="has_offers" value="1" defaultChecked={hasOffers} /> Only show locations with offers
        </label>
      ) : null}
    </>
  );
}

export function CategoryFilter({ categories, selected, hasOffersEnabled = false, onBusyChange }: Props) {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const hasOffers = params.get('has_offers') === '1';
  useEffect(() => {
    onBusyChange?.(busy);
    if (!busy) return;
    const id = setTimeout(() => setBusy(false), FILTER_BUSY_MS);
    return () => clearTimeout(id);
  }, [busy, onBusyChange]);

  const keep = [...params.entries()].filter(([k]) => !['filter', 'offset', 'has_offers', 'o', 'c', 'l'].includes(k));
  const count = selected.length + (hasOffers ? 1 : 0);
  const label = count ? `Filter (${count})` : 'Filter';

  if (!hydrated) {
    return (
      <details className="filter-panel">
        <summary className="btn btn-outline">{label}</summary>
        <form method="get" className="stack">
          {keep.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <Choices categories={categories} selected={selected} hasOffersEnabled={hasOffersEnabled} hasOffers={hasOffers} />
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
        </form>
      </details>
    );
  }

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams(keep);
    for (const slug of form.getAll('filter')) next.append('filter', String(slug));
    if (form.get('has_offers') === '1') next.set('has_offers', '1');
    setOpen(false);
    setBusy(true);
    setParams(next, { preventScrollReset: true });
  };

  return (
    <>
      <button ref={trigger} type="button" className="btn btn-outline" aria-haspopup="dialog" aria-expanded={open} aria-busy={busy} onClick={() => setOpen(true)}>
        {busy ? 'Updating...' : label}
      </button>
      <LazyDialog open={open} onOpenChange={setOpen} title="Filter by Category" className="dialog filter-dialog" returnFocus={trigger}>
        <form onSubmit={apply} className="stack">
          <Choices categories={categories} selected={selected} hasOffersEnabled={hasOffersEnabled} hasOffers={hasOffers} />
          <div className="row">
            <button type="submit" className="btn btn-primary">
              Apply
            </button>
            <button type="button" className="btn btn-outline" onClick={(e) => e.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[type=checkbox]').forEach((i) => (i.checked = false))}>
              Clear
            </button>
          </div>
        </form>
      </LazyDialog>
    </>
  );
}
