import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The server bundle's entry also exports the load-context factory, so apps/api/src/web.ts and
  // the route loaders share one context key (server/app.ts).
  environments: { ssr: { build: { rolldownOptions: { input: './server/app.ts' } } } },
});
