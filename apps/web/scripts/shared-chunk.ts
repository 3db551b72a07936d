// Build step: the code that three or more lazy pages share (voting, proposing, following, dates,
// photos, the answers they read) goes into one chunk instead of a dozen small ones. A browser asks
// for a lazy page's chunks a few at a time over its connections, and learns of a chunk's imports
// only when the chunk arrives: a monument's view needed 17 small chunks in four rounds before its
// text, now 3 in one. What the map's first draw needs (names, filters, query hooks; Leaflet and the
// map's own modules aside) goes into a small chunk of its own, which the shared one imports: `/`'s
// first load (scripts/js-budget.mjs) then carries none of the rest.
import type { Plugin } from 'vite';

/** The map's lazy parts that `/` loads before its first marker. */
const FIRST_DRAW = /[\\/]src[\\/](?:map[\\/](?:MonumentMap|MonumentLayer)\.tsx|map[\\/]search[\\/]FilterButton\.tsx)$/;
/** The map's own modules (they need Leaflet). */
const MAP = /[\\/]src[\\/]map[\\/]/;
/** The app's own modules and TanStack's (their hooks are shared the same way). */
const SHAREABLE = /[\\/]apps[\\/]web[\\/]src[\\/]|[\\/]@tanstack[\\/]/;

/** The plugin that finds what the map's first draw needs, and the two code-splitting groups that use it. */
export function sharedChunk() {
  const firstDraw = new Set<string>();
  const plugin: Plugin = {
    name: 'denkmal:shared-chunk',
    apply: 'build',
    buildEnd() {
      const walk = (id: string) => {
        if (firstDraw.has(id)) return;
        firstDraw.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) walk(dep);
      };
      for (const id of this.getModuleIds()) if (FIRST_DRAW.test(id)) walk(id);
    },
  };
  // Groups take modules in order of priority; the entry's group (vite.config.ts) comes first, so
  // neither takes what the entry's chunk holds.
  const basics = {
    name: 'basics',
    test: (id: string) => SHAREABLE.test(id) && firstDraw.has(id) && !MAP.test(id),
    priority: 1,
  };
  const shared = { name: 'shared', test: (id: string) => SHAREABLE.test(id) && !firstDraw.has(id), minShareCount: 3 };
  return { plugin, groups: [basics, shared] };
}
