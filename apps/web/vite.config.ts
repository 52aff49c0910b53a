import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The server bundle's entry also exports the load-context factory, so apps/api/src/web.ts and
  // the route loaders share one context key (server/app.ts).
  environments: {
    ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React DOM and React Router load on every page: one file compresses better
            // than the four the default split makes (first-load JS, issue 9).
            codeSplitting: { groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream)[\\/]/ }] },
          },
        },
      },
    },
  },
});
