// The Chromium that browser journeys, screenshots and Lighthouse run: CHROMIUM_PATH when set,
// else Debian's /usr/bin/chromium when it is installed, else the Chromium that the npm package
// @sparticuz/chromium ships brotli-compressed (a headless shell with its own fonts and SwiftShader
// for WebGL), unpacked once into node_modules/.cache so that `npm install` alone brings a browser.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export type ChromiumSource = 'CHROMIUM_PATH' | 'debian' | 'npm';

export interface ResolvedChromium {
  executablePath: string;
  source: ChromiumSource;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which Chromium to run. `debianPath` lets a test point the detection at a path that does not
 * exist; CHROMIUM_NPM=1 does the same for a whole run.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env, debianPath = DEBIAN_CHROMIUM): Promise<ResolvedChromium> {
  if (env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  // CHROMIUM_NPM=1 tries the npm Chromium on a machine that has Debian's.
  if (!env.CHROMIUM_NPM && isExecutable(debianPath)) return { executablePath: debianPath, source: 'debian' };
  return { executablePath: await npmChromium(), source: 'npm' };
}

/**
 * Unpacks @sparticuz/chromium's browser, fonts and SwiftShader into
 * node_modules/.cache/sparticuz-chromium-VERSION/ (once; later calls answer at once) and answers
 * the browser's path. The package unpacks into os.tmpdir(): TMPDIR points at a private folder while
 * it starts, and the folder is renamed into place when complete, so a run that was stopped halfway
 * or another checkout's different version in /tmp is never taken for a browser.
 */
export async function npmChromium(): Promise<string> {
  // The package's exports do not include its package.json: it is read beside its entry point.
  const entry = fileURLToPath(import.meta.resolve('@sparticuz/chromium'));
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const cache = join(ROOT, 'node_modules', '.cache');
  const dir = join(cache, `sparticuz-chromium-${version}`);
  const executable = join(dir, 'chromium');
  if (existsSync(executable)) return executable;

  const partial = join(cache, `sparticuz-chromium-${version}.partial-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const { default: chromium } = await import('@sparticuz/chromium');
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  let unpacked: Promise<string>;
  try {
    // executablePath() reads os.tmpdir() before its first await: every path it writes is in `partial`.
    unpacked = chromium.executablePath();
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  try {
    await unpacked;
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process finished first: its folder is complete.
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/**
 * Arguments for Playwright and Lighthouse. The npm build is a headless shell that runs as root on
 * Lambda: it needs --no-sandbox and --no-zygote, and renders WebGL (the saver map) with SwiftShader
 * only when told to. @sparticuz/chromium's own list also has --single-process, which Playwright
 * does not need here and which puts every page of a journey in one process; it is left out.
 */
export function chromiumArgs(source: ChromiumSource): string[] {
  const common = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-print-preview'];
  if (source !== 'npm') return common;
  return [...common, '--no-zygote', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
}
