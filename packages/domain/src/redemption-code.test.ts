import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_REQUIRED,
  CODE_TYPO,
  CODE_WRONG_LENGTH,
  checkCharacter,
  formatRedemptionCode,
  newRedemptionCode,
  parseRedemptionCode,
  redemptionCodeUrl,
} from './redemption-code.ts';

describe('redemption codes', () => {
  it('makes 15-character Crockford codes whose check character holds, all different', () => {
    const codes = Array.from({ length: 2000 }, () => newRedemptionCode());
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{15}$/);
      expect(code.length).toBe(CODE_LENGTH);
      expect(code.at(-1)).toBe(checkCharacter(code.slice(0, -1)));
      expect(parseRedemptionCode(code)).toEqual({ ok: true, code });
    }
  });

  it('spreads the random characters evenly over the alphabet (about 70 bits of entropy)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) for (const c of newRedemptionCode().slice(0, -1)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    const expected = (4000 * 14) / 32;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });

  it('shows a code in three groups of five', () => {
    expect(formatRedemptionCode('7K3QDM2XWA9PTRC')).toBe('7K3QD-M2XWA-9PTRC');
    expect(redemptionCodeUrl('https://localsaver.example/', '7K3QDM2XWA9PTRC')).toBe('https://localsaver.example/r/7K3QD-M2XWA-9PTRC');
  });

  it('reads lower case, missing or extra dashes and spaces, O for 0 and I or L for 1', () => {
    const data = '0123456789ABC1';
    const code = data + checkCharacter(data);
    const shown = formatRedemptionCode(code);
    for (const typed of [code, shown, shown.toLowerCase(), ` ${shown.replace(/-/g, ' ')} `, code.replace(/0/g, 'O').replace(/1/g, 'l'), code.replace(/1/g, 'I').toLowerCase(), shown.replace(/-/g, '–')]) {
      expect(parseRedemptionCode(typed), typed).toEqual({ ok: true, code });
    }
  });

  it('reads a scanned link to /r/{code}', () => {
    const code = newRedemptionCode();
    expect(parseRedemptionCode(redemptionCodeUrl('https://localsaver.example', code))).toEqual({ ok: true, code });
    expect(parseRedemptionCode(`http://127.0.0.1:3000/r/${code.toLowerCase()}/?utm=x`)).toEqual({ ok: true, code });
  });

  it('catches every single-character typo and swaps of neighbours', () => {
    let swapsCaught = 0;
    let swaps = 0;
    for (let n = 0; n < 50; n++) {
      const code = newRedemptionCode();
      for (let i = 0; i < code.length; i++) {
        for (const c of CODE_ALPHABET) {
          if (c === code[i]) continue;
          const typo = code.slice(0, i) + c + code.slice(i + 1);
          expect(parseRedemptionCode(typo)).toEqual({ ok: false, error: CODE_TYPO });
        }
        if (i + 1 < code.length && code[i] !== code[i + 1]) {
          swaps++;
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          if (!parseRedemptionCode(swapped).ok) swapsCaught++;
        }
      }
    }
    // Luhn mod 32 misses only the swap of the pair (0, V) and (V, 0)-like pairs summing to 31.
    expect(swapsCaught / swaps).toBeGreaterThan(0.95);
  });

  it('names what is wrong with anything else', () => {
    expect(parseRedemptionCode('')).toEqual({ ok: false, error: CODE_REQUIRED });
    expect(parseRedemptionCode(undefined)).toEqual({ ok: false, error: CODE_REQUIRED });
    expect(parseRedemptionCode(42)).toEqual({ ok: false, error: CODE_REQUIRED });
    expect(parseRedemptionCode('ABCD')).toEqual({ ok: false, error: CODE_WRONG_LENGTH });
    expect(parseRedemptionCode('x'.repeat(1000))).toEqual({ ok: false, error: CODE_WRONG_LENGTH });
    expect(parseRedemptionCode('UUUUU-UUUUU-UUUUU')).toEqual({ ok: false, error: CODE_TYPO });
    expect(parseRedemptionCode('<script>alert()')).toEqual({ ok: false, error: CODE_TYPO });
    expect(parseRedemptionCode('/r/%E0%A4%A')).toEqual({ ok: false, error: CODE_TYPO });
  });
});
