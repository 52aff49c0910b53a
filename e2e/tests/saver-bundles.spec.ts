// The staff console, the merchant centre, the coupon code pages (/r) and the map load only where
// they are used (docs/performance.md): no first-load file of a saver page is theirs, by the
// production build's Vite manifest, and none holds MapLibre's code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_BUILD, foreignFirstLoad, firstLoadUrls } from '../../bench/lib/saver-bundles.ts';
import { expect, setPlace, test, CHICAGO } from './public-fixtures.ts';

test('saver pages load none of the console, the merchant centre, /r or the map at first', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const merchantPath = await (async () => {
    const home = await (await request.get('/')).text();
    return /href="(\/merchants\/[^"?]+)"/.exec(home)?.[1];
  })();
  expect(merchantPath, 'the home page links a merchant').toBeTruthy();
  // The rule itself sees a console chunk and the map's library when they are there.
  const manifest = JSON.parse(readFileSync(join(CLIENT_BUILD, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const fileOf = (pattern: RegExp) => Object.entries(manifest).find(([key]) => pattern.test(key))?.[1].file;
  for (const pattern of [/^_console-/, /routes\/console\//, /maplibre-gl/]) {
    const file = fileOf(pattern);
    expect(file, `the build has a ${pattern} chunk`).toBeTruthy();
    expect(foreignFirstLoad([file!]).length, `${file} is seen as not a saver file`).toBeGreaterThan(0);
  }
  for (const path of ['/', '/browse/food-dining', '/search?q=pizza', merchantPath!, '/contests', '/browse/all?view=list']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const files = [...firstLoadUrls(await res.text())].map((u) => new URL(u, 'http://x').pathname.replace(/^\//, ''));
    expect(files.length, `${path} loads scripts`).toBeGreaterThan(2);
    expect(foreignFirstLoad(files), path).toEqual([]);
  }
});
