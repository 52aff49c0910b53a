import { describe, expect, it } from 'vitest';
import { homeLayoutFor, parsePlaceQuery, PLACE_QUERY_PATTERN, placeNameVariants, placeSuggestion, stateName } from './places.ts';

describe('parsePlaceQuery (SPEC.md 4, 5)', () => {
  it('gives nothing under 2 characters after trimming', () => {
    expect(parsePlaceQuery('')).toBeNull();
    expect(parsePlaceQuery(' d ')).toBeNull();
    expect(parsePlaceQuery(' De ')).toEqual({ cityPrefix: 'de' });
  });
  it('collapses spaces and lower-cases the city part', () => {
    expect(parsePlaceQuery('  Grand   RAPIDS ')).toEqual({ cityPrefix: 'grand rapids' });
  });
  it('reads "City, ST" and "City, State name"', () => {
    expect(parsePlaceQuery('Detroit, MI')).toEqual({ cityPrefix: 'detroit', states: ['MI'] });
    expect(parsePlaceQuery('Springfield, illi')).toEqual({ cityPrefix: 'springfield', states: ['IL'] });
    expect(parsePlaceQuery('Springfield, New')).toEqual({ cityPrefix: 'springfield', states: ['NH', 'NJ', 'NM', 'NY'] });
    expect(parsePlaceQuery('Detroit, M')!.states).toEqual(expect.arrayContaining(['MI', 'MN', 'MA']));
    expect(parsePlaceQuery('Detroit,')).toEqual({ cityPrefix: 'detroit' });
  });
  it('gives nothing when the state part names no state or the city part is empty', () => {
    expect(parsePlaceQuery('Detroit, ZZ')).toBeNull();
    expect(parsePlaceQuery('Detroit, Narnia')).toBeNull();
    expect(parsePlaceQuery(', MI')).toBeNull();
  });
});

describe('place text', () => {
  it('formats a suggestion as "City, ST" and names states', () => {
    expect(placeSuggestion({ name: 'Detroit', state: 'mi' })).toBe('Detroit, MI');
    expect(stateName('mn')).toBe('Minnesota');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(stateName('PR')).toBe('PR');
  });
  it('accepts real city names and refuses markup', () => {
    for (const ok of ["Coeur d'Alene", 'St. Clair Shores', 'Winston-Salem', 'Española', 'Detroit, MI']) expect(PLACE_QUERY_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['<script>', 'a%', 'x_y', 'a;b', 'a"b']) expect(PLACE_QUERY_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('homeLayoutFor (SPEC.md 9 layout rule)', () => {
  it('shows the home-pros home inside the Twin Cities area, the coupon home elsewhere', () => {
    expect(homeLayoutFor({ city: 'Minneapolis', state: 'MN' })).toBe('homepros');
    expect(homeLayoutFor({ lat: 44.9537, lng: -93.09 })).toBe('homepros');
    expect(homeLayoutFor({ lat: 42.3314, lng: -83.0458 })).toBe('coupons');
    expect(homeLayoutFor({})).toBe('coupons');
  });
});

describe('placeNameVariants: St./Saint, Ft./Fort, Mt./Mount', () => {
  it('spells a finished abbreviation both ways, the text as typed first', () => {
    expect(placeNameVariants('st. paul', { complete: true })).toEqual(['st. paul', 'saint paul', 'st paul']);
    expect(placeNameVariants('saint petersburg', { complete: true })).toEqual(['saint petersburg', 'st. petersburg', 'st petersburg']);
    expect(placeNameVariants('ft myers', { complete: false })).toEqual(['ft myers', 'fort myers', 'ft. myers']);
    expect(placeNameVariants('port st. lucie', { complete: true })).toEqual(['port st. lucie', 'port saint lucie', 'port st lucie']);
  });
  it('leaves a last word still being typed alone, unless its period finishes it', () => {
    expect(placeNameVariants('st', { complete: false })).toEqual(['st']);
    expect(placeNameVariants('mount', { complete: false })).toEqual(['mount']);
    expect(placeNameVariants('mt.', { complete: false })).toEqual(['mt.', 'mount', 'mt ']);
    expect(placeNameVariants('mt', { complete: true })).toEqual(['mt', 'mount', 'mt.']);
  });
  it('keeps other names as they are', () => {
    expect(placeNameVariants('grand rapids', { complete: false })).toEqual(['grand rapids']);
    expect(placeNameVariants('stanton', { complete: true })).toEqual(['stanton']);
  });
});
