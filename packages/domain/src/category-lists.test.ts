import { describe, expect, it } from 'vitest';
import { CATEGORY_LISTS, categoryList, slugify, sortListEntries } from './category-lists.ts';
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES } from './categories.ts';

describe('static category lists (SPEC.md 3)', () => {
  it('has the 34 cuisines, each with an extra value, Pizza the largest at 603', () => {
    const restaurants = categoryList('restaurants');
    expect(restaurants.entries).toHaveLength(34);
    expect(restaurants.entries.every((e) => e.extra)).toBe(true);
    expect(sortListEntries(restaurants.entries, 'count', 1)[0]).toMatchObject({ name: 'Pizza', count: 603 });
  });

  it('has exactly the auto list of SPEC.md 3', () => {
    expect(categoryList('auto').entries.map((e) => e.name)).toEqual([
      'Auto Accessories', 'Auto Dealers', 'Auto Glass', 'Auto Repair', 'Car Rental', 'Car Washing & Detailing', 'Financing',
      'Mufflers & Brakes', 'Oil Change & Lube', 'Tires', 'Transmissions',
    ]);
  });

  it('has the sizes and counts SPEC.md 3 gives', () => {
    expect(categoryList('entertainment').entries).toHaveLength(14);
    expect(categoryList('home-improvement').entries.length).toBeGreaterThanOrEqual(40);
    for (const name of ['Additions', 'Basement Remodeling', 'Flooring', 'Roofing', 'Windows', 'Solar Energy']) {
      expect(categoryList('home-improvement').entries.map((e) => e.name)).toContain(name);
    }
    expect(categoryList('home-services').entries.length).toBeGreaterThanOrEqual(48);
    const cleaning = categoryList('cleaning-restoration').entries.map((e) => e.count);
    expect(Math.min(...cleaning)).toBe(87);
    expect(Math.max(...cleaning)).toBe(155);
    for (const id of ['outdoor', 'home', 'home-services']) expect(categoryList(id).entries.every((e) => e.count === 0)).toBe(true);
    expect(categoryList('retail').entries.find((e) => e.name === 'Cleaners, Tailors & Laundry')?.count).toBe(152);
    expect(categoryList('retail').entries.find((e) => e.name === 'Pet Supplies')?.count).toBe(85);
  });

  it('gives every list a known parent and unique, well-formed slugs', () => {
    const mains = new Set(MAIN_CATEGORIES.map((c) => c.slug));
    const groups = new Set(HOME_PROS_CATEGORIES.map((c) => c.slug));
    for (const list of CATEGORY_LISTS) {
      expect(list.parent.kind === 'main' ? mains.has(list.parent.slug) : groups.has(list.parent.slug)).toBe(true);
      const slugs = list.entries.map((e) => e.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    const covered = new Set<string>(CATEGORY_LISTS.filter((l) => l.parent.kind === 'homepros').map((l) => l.parent.slug));
    for (const g of HOME_PROS_CATEGORIES) if (g.slug !== 'home-improvement') expect(covered.has(g.slug)).toBe(true);
  });

  it('slugifies names without punctuation', () => {
    expect(slugify('Cleaners, Tailors & Laundry')).toBe('cleaners-tailors-laundry');
    expect(slugify("Tony's Pizzeria")).toBe('tonys-pizzeria');
    expect(slugify('Café Olé')).toBe('cafe-ole');
  });
});
