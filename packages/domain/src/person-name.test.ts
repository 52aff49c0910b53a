import { describe, expect, it } from 'vitest';
import { greetingName } from './person-name.ts';

describe('greeting name (SPEC.md 2 Home greeting; header and e-mail greetings)', () => {
  it('capitalises every word of a lower-case first name', () => {
    expect(greetingName('walker')).toBe('Walker');
    expect(greetingName('mary ann')).toBe('Mary Ann');
    expect(greetingName('jean-luc')).toBe('Jean-Luc');
    expect(greetingName('émile')).toBe('Émile');
  });

  it('keeps the whole multi-word first name and the capitals the member typed', () => {
    expect(greetingName('Mary Ann')).toBe('Mary Ann');
    expect(greetingName('McKenzie')).toBe('McKenzie');
    expect(greetingName('DeShawn')).toBe('DeShawn');
    expect(greetingName('  anna   maria ')).toBe('Anna Maria');
  });

  it('leaves an empty name empty', () => {
    expect(greetingName('')).toBe('');
    expect(greetingName('   ')).toBe('');
  });
});
