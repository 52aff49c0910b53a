// Which files a server-rendered page loads at first (module scripts, modulepreloads, the inline
// entry's imports), and the rule that none of a saver page's is the staff console's, the business
// centre's, the coupon code pages' (/r) or the map's (docs/performance.md): used by the bench
// (bench/first-load.ts) and kept by a browser journey (e2e/tests/saver-bundles.spec.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The built client of apps/web (`npm run build`). */
export const CLIENT_BUILD = fileURLToPath(new URL('../../apps/web/build/client/', import.meta.url));

/** The URLs of the scripts the page's HTML loads at first. */
export function firstLoadUrls(html: string): Set<string> {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\(\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]!);
  return urls;
}

// The manifest's keys are source paths (entries, dynamic imports, CSS) and `_name-hash.js` for
// shared chunks, whose name is their first module's.
const MANIFEST_FOREIGN =
  /(^|[\\/])(routes|components|lib)[\\/](console|business-centre|business)[\\/]|routes[\\/]redeem-|node_modules[\\/](maplibre-gl|supercluster|qrcode|@zxing)[\\/]|components[\\/](offer-map|map-view)\.tsx|^_(maplibre|supercluster|console|business-centre|offer-map|map-view)[-.]/;

type ManifestChunk = { file: string; name?: string };

/**
 * What is wrong with a saver page's first-load files (`assets/x.js` paths under the client build):
 * a file that is a console, business-centre, /r or map module's or chunk's (by Vite's manifest,
 * build/client/.vite/manifest.json), or one holding MapLibre's code. Empty when all is well.
 */
export function foreignFirstLoad(files: Iterable<string>): string[] {
  const manifestPath = join(CLIENT_BUILD, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: build the app (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const keysOfFile = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) keysOfFile.set(chunk.file, [...(keysOfFile.get(chunk.file) ?? []), key]);
  const problems: string[] = [];
  for (const file of files) {
    for (const key of keysOfFile.get(file) ?? []) if (MANIFEST_FOREIGN.test(key)) problems.push(`not a saver chunk: ${file} (${key})`);
    const path = join(CLIENT_BUILD, file);
    if (existsSync(path) && readFileSync(path, 'utf8').includes('maplibre')) problems.push(`MapLibre code in ${file}`);
  }
  return problems;
}
