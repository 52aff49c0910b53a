import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from './ids.ts';

describe('parseId', () => {
  it('reads a positive integer id', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses what is not an id', () => {
    for (const value of [null, undefined, '', '0', '-1', '1.5', '1e3', ' 7', '7 ', 'abc', String(MAX_ID + 1), '12345678901']) expect(parseId(value)).toBeNull();
  });
});
