// Every endpoint under /api and /auth is in the OpenAPI document with a summary and a tag, so no
// call is left undocumented (docs/api.md "Where it is described"). The registered
// routes are read from Fastify's own route tree; only the paths below are hidden on purpose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';

/** Routes deliberately left out of the document: the health probe and the docs pages themselves. */
const INTENTIONALLY_HIDDEN = [/^\/api\/health$/, /^\/api\/docs(\/.*|\*)?$/];

const IGNORED_METHODS = new Set(['HEAD', 'OPTIONS']);

/** '/api/places/{id}/' and '/api/places/:id' both become '/api/places/:id'. */
function normalizePath(path: string): string {
  const withParams = path.replace(/\{([^}]+)\}/g, ':$1');
  return withParams.length > 1 ? withParams.replace(/\/+$/, '') : withParams;
}

/** Reads `app.printRoutes({ commonPrefix: false })`: one line per node, children indented by 4. */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = Math.max(line.indexOf('├── '), line.indexOf('└── '));
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 4))!;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[1]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) out.push({ method, path });
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/docs/json', () => {
  it('documents every route registered under /api and /auth, each with a summary and a tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };

    const documented = new Set<string>();
    const withoutSummaryOrTag: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${normalizePath(path)}`;
        documented.add(key);
        if (!operation.summary || !operation.tags?.length) withoutSummaryOrTag.push(key);
      }
    }

    const all = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    // The route tree holds hidden routes too (the health probe is not in the document), so a
    // route registered without docs would show up here.
    expect(all).toContainEqual({ method: 'GET', path: '/api/health' });
    expect(documented.has('GET /api/health')).toBe(false);
    const registered = all
      .filter((r) => !IGNORED_METHODS.has(r.method))
      .map((r) => ({ ...r, path: normalizePath(r.path) }))
      .filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/auth/'))
      .filter((r) => !INTENTIONALLY_HIDDEN.some((re) => re.test(r.path)));
    const keys = [...new Set(registered.map((r) => `${r.method} ${r.path}`))];

    // Guard the parser itself: the routes this module registers must be found.
    expect(keys).toEqual(expect.arrayContaining(['GET /api/markets', 'GET /api/places/:id', 'GET /api/userlocation']));
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
    expect(withoutSummaryOrTag).toEqual([]);
  });
});
