import { describe, expect, it } from 'vitest';
import { printLimit } from './constants.ts';
import { canAnonymousPrint, canMemberPrint } from './prints.ts';

describe('print limits (SPEC.md 4, 9)', () => {
  it('lets a member print until max(maxPrints, 3)', () => {
    expect(printLimit(1)).toBe(3);
    expect(printLimit(5)).toBe(5);
    expect(canMemberPrint(2, 1)).toBe(true);
    expect(canMemberPrint(3, 1)).toBe(false);
    expect(canMemberPrint(4, 5)).toBe(true);
    expect(canMemberPrint(5, 5)).toBe(false);
  });

  it('fails an anonymous print only when the prints exceed the larger of the limit and 1', () => {
    expect(canAnonymousPrint(10, undefined)).toBe(true);
    expect(canAnonymousPrint(1, 0)).toBe(true);
    expect(canAnonymousPrint(2, 0)).toBe(false);
    expect(canAnonymousPrint(3, 3)).toBe(true);
    expect(canAnonymousPrint(4, 3)).toBe(false);
  });
});
