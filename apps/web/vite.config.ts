import { reactRouter } from '@react-router/dev/vite';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The document (root.tsx, the page layout and what they draw) and the small modules most pages
// share, by path from the repository root. Each must exist: a module moved or renamed without
// this list would silently fall out of the group into chunks of its own, which every page then
// loads besides (first-load JS, docs/performance.md), so the build stops instead.
const SHELL_FILES = [
  ...['categories', 'markets', 'location-label', 'constants', 'expiry', 'share-link', 'brand', 'user-geo', 'page-type', 'search-url'].map((m) => `packages/domain/src/${m}.ts`),
  ...['ui/hooks.ts', 'ui/modal-links.ts', 'ui/return-focus.ts', 'ui/autocomplete.ts', 'ui/on-demand.ts', 'ui/deferred.tsx', 'api/member-api.ts', 'content/meta.ts', 'content/site.ts'].map((m) => `apps/web/app/lib/${m}`),
  ...['member', 'session', 'saved', 'saved-drawer-state', 'auth-dialog-state'].map((m) => `apps/web/app/lib/member/${m}.tsx`),
  ...['hydration-view', 'auth-storage'].map((m) => `apps/web/app/lib/member/${m}.ts`),
  ...['header', 'footer', 'location-picker', 'search-box', 'cookie-banner', 'signup-prompt', 'member-overlays', 'error-page', 'lazy-dialog', 'lead-forms', 'save-button', 'certified-badge', 'offer-card'].map((m) => `apps/web/app/components/${m}.tsx`),
  'apps/web/app/components/lead-answer.ts',
  'apps/web/app/root.tsx',
  'apps/web/app/routes/page-layout.tsx',
];
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const missing = SHELL_FILES.filter((f) => !existsSync(REPO + f));
if (missing.length) throw new Error(`vite.config.ts SHELL_FILES names files that do not exist: ${missing.join(', ')}`);
const SHELL = new RegExp(`(^|[\\\\/])(${SHELL_FILES.map((f) => f.replace(/[.]/g, '\\.').replaceAll('/', '[\\\\/]')).join('|')})$`);

export default defineConfig({
  plugins: [reactRouter()],
  // Kept after the build (React Router deletes it otherwise): bench/first-load.ts reads the
  // client's to prove which modules each saver page loads at first (docs/performance.md).
  build: { manifest: true },
  // The server bundle's entry also exports the load-context factory, so apps/api/src/web/mount.ts
  // and the route loaders share one context key (server/app.ts).
  environments: {
    ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
    client: {
      build: {
        // Source maps only on request: bench/first-load.ts reads them to name the modules of each
        // saver page's first-load files (FL_SOURCEMAP=1 npm run build); never in a release build.
        sourcemap: process.env.FL_SOURCEMAP === '1',
        rolldownOptions: {
          output: {
            // What every page loads, in two files rather than the thirty small ones the default
            // split makes (each compresses worse alone): React, React DOM and React Router; then
            // the document's own modules (header, footer, member state, links, brand and place).
            // Anything loaded on demand stays out of both (first-load JS, docs/performance.md).
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream)[\\/]/ },
                { name: 'shell', test: SHELL },
                // zod, the shared field rules and the auth answers the sign-in, account and password pages parse with.
                { name: 'fields', test: /node_modules[\\/]zod[\\/]|packages[\\/]domain[\\/]src[\\/](validation[\\/]fields|api[\\/]auth)\.ts$/ },
              ],
            },
          },
        },
      },
    },
  },
});
