import { describe, expect, it } from 'vitest';
import { trackingIdFromCookies } from './tracking.ts';

describe('tracking id (SPEC.md 5)', () => {
  it("reads __ss_tk with '|' replaced by '_'", () => {
    expect(trackingIdFromCookies('a=1; __ss_tk=202401|abc|def; b=2')).toBe('202401_abc_def');
    expect(trackingIdFromCookies('__ss_tk=x%7Cy')).toBe('x_y');
    expect(trackingIdFromCookies('a=1')).toBe('');
    expect(trackingIdFromCookies(null)).toBe('');
  });
});
