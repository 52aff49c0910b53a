// After the web build: a brotli (.br) and a gzip (.gz) copy of every hashed asset, served by
// @fastify/static's preCompressed option to browsers that accept them (docs/performance.md: the
// mobile Lighthouse run downloaded ~550 kB of uncompressed JavaScript before the first paint).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../apps/web/build/client/assets/', import.meta.url));
let files = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
  const path = join(assets, name);
  if (statSync(path).size < 1024) continue;
  const bytes = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
}
console.log(`Compressed ${files} assets (.br, .gz).`);
