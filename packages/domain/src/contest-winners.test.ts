import { describe, expect, it } from 'vitest';
import { capitalizeWords, winnerDisplayDate, winnerDisplayLocation, winnerDisplayName } from './contest-winners.ts';

describe('contest winner display (SPEC.md 3)', () => {
  it('capitalises every word of a city', () => {
    expect(capitalizeWords('ST. CLAIR  shores')).toBe('St. Clair Shores');
    expect(capitalizeWords('winston-salem')).toBe('Winston-Salem');
  });
  it("shows 'First L.', 'City ST' and MM/DD/YYYY on the business calendar", () => {
    expect(winnerDisplayName('jANE', 'doe')).toBe('Jane D.');
    expect(winnerDisplayName('Cher', ' ')).toBe('Cher');
    expect(winnerDisplayLocation('grosse pointe woods', 'mi')).toBe('Grosse Pointe Woods MI');
    expect(winnerDisplayDate('2026-03-05T15:00:00Z')).toBe('03/05/2026');
    expect(winnerDisplayDate(new Date('2026-03-06T03:00:00Z'))).toBe('03/05/2026');
  });
});
