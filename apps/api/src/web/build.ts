// Where the web app's production build lives, and building it when it is missing or older than its
// sources. Node built-ins only: `npm start` runs this before it loads the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const WEB_DIR = join(ROOT, 'apps/web/');
export const WEB_BUILD_DIR = join(WEB_DIR, 'build/');
export const WEB_SERVER_ENTRY = join(WEB_BUILD_DIR, 'server/index.js');
const SOURCES = [join(WEB_DIR, 'app'), join(WEB_DIR, 'server'), join(WEB_DIR, 'service-worker'), join(ROOT, 'packages/domain/src')];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether the build is missing or older than a source file of the web app or the shared rules. */
export function isWebBuildStale(): boolean {
  return !existsSync(WEB_SERVER_ENTRY) || Math.max(...SOURCES.map(newestMtime)) > statSync(WEB_SERVER_ENTRY).mtimeMs;
}

/** Builds the web app when its build is stale; returns false when the build failed. */
export function ensureWebBuilt(log: (line: string) => void = console.log): boolean {
  if (!isWebBuildStale()) return true;
  log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  return result.status === 0;
}
