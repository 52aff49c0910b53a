import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // React Router's default, stated because the saver pages depend on it: the server-rendered
  // HTML inlines only the manifest entries of the routes it matched, and links are discovered
  // through /__manifest as they render. With 'initial' every page would load the whole route
  // manifest (manifest-*.js, every console and business-centre route too) at first
  // (first-load JS, docs/performance.md).
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
