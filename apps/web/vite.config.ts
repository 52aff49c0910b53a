import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The document (root.tsx, the page layout and what they draw) and the small modules most pages share.
const SHELL = new RegExp(
  [
    String.raw`packages[\\/]domain[\\/]src[\\/](categories|markets|location-label|constants|expiry|share-link|brand|user-geo|page-type|search-url)\.ts$`,
    String.raw`apps[\\/]web[\\/]app[\\/]lib[\\/](hooks|member|auth-storage|member-api|meta|modal-links|return-focus|site|autocomplete|on-demand)\.tsx?$`,
    String.raw`apps[\\/]web[\\/]app[\\/]components[\\/](header|footer|location-picker|search-box|cookie-banner|signup-prompt|member-overlays|error-page|lead-answer|lazy-dialog|lead-forms|save-button|certified-badge|offer-card|special-header)\.tsx?$`,
    String.raw`apps[\\/]web[\\/]app[\\/](root|routes[\\/]page-layout)\.tsx$`,
  ].join('|'),
);

export default defineConfig({
  plugins: [reactRouter()],
  // The server bundle's entry also exports the load-context factory, so apps/api/src/web/mount.ts
  // and the route loaders share one context key (server/app.ts).
  environments: {
    ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
    client: {
      build: {
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
