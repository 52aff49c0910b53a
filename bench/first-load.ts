// First-load JS of the saver pages against a running built app (docs/performance.md):
//   node --disable-warning=ExperimentalWarning bench/first-load.ts [base]
// base defaults to http://127.0.0.1:3290; the merchant page is the first merchant linked from the
// home page. When the client was built with source maps (FL_SOURCEMAP=1 npm run build), it also
// lists every module of the files each page loads at first that belongs to the staff console, the
// business centre or the coupon code pages (/r), and exits 1 if there is any: none may be there.
// Every build also keeps Vite's manifest (apps/web/build/client/.vite/manifest.json): the same
// rule is checked on it without source maps, for the console, the business centre, /r and the
// map (MapLibre, supercluster and the map components): no first-load file of a saver page may be
// the file of one of their modules or chunks, or hold MapLibre's code.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLoadJs } from './lib/pages.ts';
import { foreignFirstLoad } from './lib/saver-bundles.ts';
import { ROOT } from './lib/proc.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3290';
const home = await (await fetch(base)).text();
const merchant = /href="(\/merchants\/[^"?]+)"/.exec(home)?.[1];
if (!merchant) throw new Error('no merchant link on the home page');
const pages: Array<[string, string]> = [
  ['home', '/'],
  ['browse', '/browse/food-dining'],
  ['search', '/search?q=pizza'],
  ['merchant', merchant],
  ['contests', '/contests'],
];
const FOREIGN = /app[\\/](routes|components|lib)[\\/](console|business-centre|business)[\\/]|routes[\\/]redeem-|domain[\\/]src[\\/](api|validation)[\\/](console-|merchant-centre|redemption-codes)|node_modules[\\/](qrcode|@zxing)[\\/]/;
let foreign = 0;
for (const [page, path] of pages) {
  const js = await firstLoadJs(base, path);
  console.log(`${page.padEnd(9)} ${js.gzipKb.toFixed(1).padStart(6)} kB gzip, ${js.files} files  ${path}`);
  console.log(`          ${js.all.map((f) => `${f.file} ${f.gzipKb.toFixed(1)}`).join(', ')}`);
  for (const problem of foreignFirstLoad(js.all.map((f) => `assets/${f.file}`))) {
    console.log(`          ${problem}`);
    foreign++;
  }
  for (const f of js.all) {
    const map = join(ROOT, 'apps/web/build/client/assets', `${f.file}.map`);
    if (!existsSync(map)) continue;
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.filter((s) => FOREIGN.test(s));
    for (const s of sources) console.log(`          NOT A SAVER MODULE in ${f.file}: ${s}`);
    foreign += sources.length;
  }
}
if (foreign) process.exit(1);
