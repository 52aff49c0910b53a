import { describe, expect, it } from 'vitest';
import { detectPageType } from './page-type.ts';

describe('page type detection (SPEC.md 2)', () => {
  it('names each page type by path', () => {
    expect(detectPageType('/')).toBe('Home');
    expect(detectPageType('/browse/auto-transportation', 'MI')).toBe('Automotive');
    expect(detectPageType('/browse/auto-transportation/', 'mi')).toBe('Automotive');
    expect(detectPageType('/browse/auto-transportation', 'IL')).toBe('Default');
    expect(detectPageType('/browse/home-improvement')).toBe('HomeImprovementHomePros');
    expect(detectPageType('/contests')).toBe('Contests');
    expect(detectPageType('/contests/')).toBe('Contests');
    expect(detectPageType('/blog')).toBe('Blog');
    expect(detectPageType('/company/blog')).toBe('Blog');
    expect(detectPageType('/browse/food-dining')).toBe('Default');
    expect(detectPageType('/search?q=blog')).toBe('Default');
  });
});
