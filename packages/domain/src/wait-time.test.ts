import { describe, expect, it } from 'vitest';
import { formatWait } from './wait-time.ts';

describe('formatWait: how long to wait, from Retry-After', () => {
  it('names seconds, minutes and hours, rounded up so the wait is never understated', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(899)).toBe('15 minutes');
    expect(formatWait(3595)).toBe('1 hour');
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(5400)).toBe('1 hour 30 minutes');
    expect(formatWait(7200)).toBe('2 hours');
  });

  it('never says zero or nonsense for odd values', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(-5)).toBe('1 second');
    expect(formatWait(0.2)).toBe('1 second');
    expect(formatWait(Number.NaN)).toBe('1 minute');
  });
});
