// After the web build: the service worker (apps/web/service-worker/sw.ts) bundled with Vite into
// build/client/sw.js, with Serwist's precache list injected: the app shell, i.e. the files of the
// document and of the saved-coupons page (read from React Router's route manifest, so the list
// follows the build), and the brand icons. Everything else is cached only once fetched
// (docs/decisions.md "Offline wallet").
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import { build } from 'vite';

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
const CLIENT = join(WEB, 'build/client/');
const STAGE = join(WEB, 'build/service-worker/');
/** Route ids whose files make the offline shell: the document and the saved-coupons page. */
const SHELL_ROUTES = ['root', 'routes/page-layout', 'routes/saved-coupons'];

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}
interface RouteManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry | undefined>;
}

/**
 * The route manifest the server build serves (a build can leave more than one manifest-*.js in
 * build/client/assets; the server build names the one its pages use).
 */
function routeManifest(): RouteManifest {
  const server = readFileSync(join(WEB, 'build/server/index.js'), 'utf8');
  const file = /\/assets\/(manifest-[\w-]+\.js)/.exec(server)?.[1];
  if (!file) throw new Error('build-service-worker: the server build names no React Router manifest');
  const source = readFileSync(join(CLIENT, 'assets', file), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as RouteManifest;
}

function shellFiles(): string[] {
  const manifest = routeManifest();
  const files = new Set<string>();
  const add = (entry: ManifestEntry | undefined, id: string) => {
    if (!entry) throw new Error(`build-service-worker: route ${id} is not in the route manifest`);
    for (const url of [entry.module, ...(entry.imports ?? []), ...(entry.css ?? [])]) files.add(url.replace(/#$/, '').replace(/^\//, ''));
  };
  add(manifest.entry, 'entry');
  for (const id of SHELL_ROUTES) add(manifest.routes[id], id);
  return [...files];
}

await build({
  configFile: false,
  root: WEB,
  logLevel: 'warn',
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: STAGE,
    emptyOutDir: true,
    minify: true,
    lib: { entry: join(WEB, 'service-worker/sw.ts'), formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: join(STAGE, 'sw.js'),
  swDest: join(CLIENT, 'sw.js'),
  globDirectory: CLIENT,
  globPatterns: [...shellFiles(), 'brand/*.{svg,png}'],
  // Hashed names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  modifyURLPrefix: { '': '/' },
});
rmSync(STAGE, { recursive: true, force: true });
for (const warning of warnings) console.warn(`build-service-worker: ${warning}`);
console.log(`Service worker: ${count} files precached (${(size / 1024).toFixed(0)} kB).`);
