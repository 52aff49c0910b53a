// `npm start`: builds the web app when it is not built (or older than its sources), then runs the
// server, which migrates, seeds an empty database and serves on PORT (default 3000).
// package.json runs it with Node options for memory (issue 9: under 400 MB at the demo size;
// docs/performance.md): `--liftoff-only` because the embedded database is PostgreSQL compiled to
// WebAssembly and V8's second, optimising compile of it peaked near 600 MB that the process then
// kept; a 4 MB young generation and a 512 MB old-generation cap keep the JavaScript heap close to
// what it uses (idle 600 -> 260 MB, under load 880 -> 350 MB).
import { spawnSync } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Compiled modules are kept on disk (in the system's temp folder) so a restart skips most of
// the parsing and compiling of a few thousand modules (issue 9: restart within 5 s).
enableCompileCache();

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
const serverEntry = join(webDir, 'build/server/index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(webDir, 'app'), join(root, 'packages/domain/src')];
const stale = !existsSync(serverEntry) || Math.max(...sources.map(newestMtime)) > statSync(serverEntry).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('../apps/api/src/server.ts');
await main();
