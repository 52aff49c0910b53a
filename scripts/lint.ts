// `npm run lint`: ESLint over the repository with zero warnings allowed, then the import-cycle
// check of the three source trees. Both tools live in tools/lint with their own lock file: the
// project compiles with TypeScript 7, which typescript-eslint and dpdm cannot load yet, so they get
// the TypeScript 6 that tools/lint pins (docs/decisions.md "Lint with its own TypeScript").
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tools = join(root, 'tools/lint');
const bin = (name: string) => join(tools, 'node_modules/.bin', name);

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Installs tools/lint when its lock file changed since the last install (a fresh clone included).
const lockHash = createHash('sha256').update(readFileSync(join(tools, 'package-lock.json'))).digest('hex');
const marker = join(tools, 'node_modules/.installed-lock');
if (!existsSync(marker) || readFileSync(marker, 'utf8') !== lockHash) {
  console.log('Installing the lint tools (tools/lint)...');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], tools);
  writeFileSync(marker, lockHash);
}

console.log('ESLint...');
run(bin('eslint'), ['--config', join(tools, 'eslint.config.js'), '--max-warnings', '0', 'apps', 'packages', 'e2e', 'bench', 'scripts']);

// Dynamic imports are left out: a component and the part it loads on first use import each other
// on purpose (docs/decisions.md "Widgets load on first use").
const trees: Array<{ tsconfig: string; glob: string }> = [
  { tsconfig: 'packages/domain/tsconfig.json', glob: 'packages/domain/src/**/*.ts' },
  { tsconfig: 'apps/api/tsconfig.json', glob: 'apps/api/src/**/*.ts' },
  { tsconfig: 'apps/web/tsconfig.json', glob: 'apps/web/app/**/*.{ts,tsx}' },
];
for (const { tsconfig, glob } of trees) {
  console.log(`Import cycles in ${glob}...`);
  run(bin('dpdm'), ['--no-warning', '--no-tree', '--skip-dynamic-imports', 'circular', '--exit-code', 'circular:1', '--tsconfig', tsconfig, glob]);
}
