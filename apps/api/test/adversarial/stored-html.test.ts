// Stored HTML (docs/security.md): every row written through the ingest path (the seed's insertRows)
// has its offer descriptions and terms, contest texts and merchant texts cleaned by the one
// sanitiser: 0 on* attributes and 0 javascript: URLs stored, and sanitising what is stored changes
// nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@market/domain/html';
import { XSS_PAYLOADS } from '@market/domain/testing/xss-payloads';
import { insertRows, STORED_HTML_COLUMNS } from '../../src/db/seed/insert.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each tag of stored HTML that is script-capable or carries a handler, a style or a script URL. */
function dangerousTags(html: string): string[] {
  return (html.match(/<[a-z][^>]*>/gi) ?? []).filter((tag) => {
    if (/^<(script|iframe|object|embed|svg|math|style|img|form|base|meta)\b/i.test(tag)) return true;
    // The sanitiser writes every attribute as name="value" with quotes inside values escaped.
    for (const [, name, value] of tag.matchAll(/\s([^\s="'>]+)="([^"]*)"/g)) {
      if (/^on|^style$|^srcdoc$/i.test(name!) || /^\s*(javascript|vbscript|data):/i.test(value!)) return true;
    }
    return false;
  });
}

describe('stored HTML', () => {
  it('is cleaned on ingest: the payloads leave no handler, dangerous URL or tag, and cleaning again changes nothing', async () => {
    const tag = `xss-${Date.now().toString(36)}`;
    await insertRows(
      t.db,
      t.db.db,
      'merchants',
      XSS_PAYLOADS.map((payload, i) => ({ slug: `${tag}-${i}`, name: `XSS ${i}`, about: payload })),
    );
    const rows = await t.db.rows<{ about: string }>(sql`SELECT about FROM merchants WHERE slug LIKE ${`${tag}-%`}`);
    expect(rows).toHaveLength(XSS_PAYLOADS.length);
    for (const { about } of rows) {
      expect(dangerousTags(about), about).toEqual([]);
      expect(sanitizeRichText(about)).toBe(about);
    }
  });

  it('holds for every stored HTML column of the seeded catalogue', async () => {
    let checked = 0;
    for (const [table, columns] of Object.entries(STORED_HTML_COLUMNS)) {
      for (const column of columns) {
        const rows = await t.db.rows<{ html: string }>(sql`SELECT ${sql.identifier(column)} AS html FROM ${sql.identifier(table)} ORDER BY id LIMIT 300`);
        for (const { html } of rows) {
          expect(dangerousTags(html)).toEqual([]);
          expect(sanitizeRichText(html)).toBe(html);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
