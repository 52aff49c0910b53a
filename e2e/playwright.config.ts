import { defineConfig } from '@playwright/test';
import { chromiumArgs, resolveChromium } from './chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// CHROMIUM_PATH, else Debian's Chromium when installed, else the npm package's (chromium.ts). The
// runner unpacks the npm one before the web server starts; the workers, which load this file again,
// find it unpacked.
const browser = await resolveChromium();
if (!process.env.TEST_WORKER_INDEX) console.log(`Chromium (${browser.source}): ${browser.executablePath}`);

// Browser journeys run against the built app, started as `npm start` would start it, on a fresh
// embedded database, so they test what users get.
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  // In CI a journey that fails is run once more and reported as flaky when it then passes
  // (Playwright's own CI default is 2): on a busy two-core machine a rare late answer should not
  // hold back a whole submission, and the report still names the flaky journey.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // E2E_SCRIPT_DELAY_MS delays every script (public-fixtures.ts): the service worker, which would
    // serve them from its cache, is kept out of those runs.
    serviceWorkers: process.env.E2E_SCRIPT_DELAY_MS ? 'block' : 'allow',
    launchOptions: {
      executablePath: browser.executablePath,
      // --disable-print-preview: headless Chromium's renderer crashes when a page sends a PDF to
      // the print dialog with print preview on (the coupon print step of the member journey);
      // without preview print() returns as it does after a person closes the dialog.
      args: chromiumArgs(browser.source),
    },
  },
  webServer: {
    command: `rm -rf ../node_modules/.cache/e2e-data && node --disable-warning=ExperimentalWarning ../apps/api/src/server.ts`,
    url: `http://127.0.0.1:${PORT}/api/health/`,
    // The first start seeds the database: E2E_SERVER_TIMEOUT_MS gives a crowded machine longer.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
    reuseExistingServer: false,
    // TRUSTED_PROXIES: journeys that need a client address of their own (the per-client lead rate
    // limit) send X-Forwarded-For from this machine, as a load balancer would. STAFF_BOOTSTRAP_EMAIL:
    // the staff console journeys start from the first admin's invitation (staff-fixtures.ts).
    // REDIS_URL (set by .ci/run for the API suite's shared-limit test) is cleared: one server counts
    // its limits in memory, and no count is left in Redis from an earlier run.
    env: { PORT: String(PORT), HOST: '127.0.0.1', REDIS_URL: '', DATA_DIR: '../node_modules/.cache/e2e-data', LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUSTED_PROXIES: '127.0.0.1', STAFF_BOOTSTRAP_EMAIL: 'owner@localsaver.example' },
    stdout: 'pipe',
  },
});
