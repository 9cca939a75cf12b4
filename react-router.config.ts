import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // Every route is in the page's manifest from the start (a few hundred bytes for this app's routes)
  // instead of being fetched from /__manifest after load: that fetch changed the router's state on a page
  // at rest, which forced every part still waiting to be hydrated (hydrateWhenVisible, ADR 0023) to load.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
