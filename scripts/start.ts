// `npm start`: builds the web app when it is not built (or older than its sources), then runs the
// server, which migrates, seeds an empty database and serves on PORT (default 3000), in production
// mode unless NODE_ENV says otherwise (config/env.ts). `npm run dev` (scripts/dev.ts) is the
// development server with hot reload.
// package.json runs it with Node options for memory (under 400 MB at the demo size;
// docs/performance.md): `--liftoff-only` because the embedded database is PostgreSQL compiled to
// WebAssembly and V8's second, optimising compile of it peaked near 600 MB that the process then
// kept; a 4 MB young generation and a 512 MB old-generation cap keep the JavaScript heap close to
// what it uses (idle 600 -> 260 MB, under load 880 -> 350 MB).
import { enableCompileCache } from 'node:module';

// Compiled modules are kept on disk (in the system's temp folder) so a restart skips most of
// the parsing and compiling of a few thousand modules (docs/performance.md: restart within 5 s).
enableCompileCache();

const { ensureWebBuilt } = await import('../apps/api/src/web/build.ts');
if (!ensureWebBuilt()) process.exit(1);

const { main } = await import('../apps/api/src/server.ts');
await main();
