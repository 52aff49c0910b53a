import { describe, expect, it } from 'vitest';
import { validNowChoice } from './valid-now-choice.ts';

describe('validNowChoice', () => {
  it('is on for now=1 and off when absent, empty or 0', () => {
    expect(validNowChoice(new URLSearchParams('now=1'))).toBe(true);
    expect(validNowChoice(new URLSearchParams('sort=ending'))).toBe(false);
    expect(validNowChoice(new URLSearchParams('now='))).toBe(false);
    expect(validNowChoice(new URLSearchParams('now=0'))).toBe(false);
  });
  it('names the field for any other value', () => {
    for (const v of ['maybe', 'true', '2', 'on']) {
      expect(validNowChoice(new URLSearchParams({ now: v })), v).toEqual({ field: 'now', message: 'Use 1 (valid right now) or leave it out.' });
    }
  });
});
