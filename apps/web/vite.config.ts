// Build to dist/ (served by the API, with brotli and gzip copies); in dev, proxy the API on :3000.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fontPreload } from './scripts/font-preload';
import { precompress } from './scripts/precompress';
import { sharedChunk } from './scripts/shared-chunk';

const api = 'http://localhost:3000';
const shared = sharedChunk();

export default defineConfig({
  plugins: [
    react(),
    shared.plugin,
    // The service worker (sw/sw.ts) with its precache list. Registered by the app itself after the
    // first paint (src/offline/register.ts), so nothing is injected. The web app manifest names the
    // city, so the server makes it (apps/api/src/http/city-page.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        // The shell, both languages' texts and the icons; not the marker's 2x image or the
        // precompressed copies (the browser asks for the plain file and gets it compressed).
        globPatterns: ['**/*.{js,css,html,json,png,svg,woff2}'],
        // The staff area is never kept offline (nor are its calls, see sw/sw.ts).
        globIgnores: ['**/*.br', '**/*.gz', '**/AdminPage-*'],
        // The shell is precached as '/', the URL the server answers with index.html.
        manifestTransforms: [
          (entries) => ({ manifest: entries.map((e) => (e.url === 'index.html' ? { ...e, url: '/' } : e)), warnings: [] }),
        ],
      },
    }),
    fontPreload(),
    precompress(),
  ],
  // Leaflet as the map uses it, from Leaflet's own ES modules (src/map/leaflet-subset.js): 11 KiB
  // gzip less on a phone's first load than Leaflet's bundle, which keeps every layer type.
  resolve: { alias: [{ find: /^leaflet$/, replacement: path.resolve(import.meta.dirname, 'src/map/leaflet-subset.js') }] },
  server: { port: 5173, proxy: { '/api': api, '/trpc': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A lazy page's chunk brings its own imports, which the browser fetches as it reads it. Vite's
    // preloading would add a <link rel=modulepreload> to the page per import instead, before the chunk
    // runs, and each one costs the main thread 1 to 12 ms on a phone (a monument's view: 15 of them).
    // Lighthouse, 3 runs each, interleaved, same machine (2026-11-30), median score and blocking time:
    // the monument's view 0.63 / 829 ms -> 0.76 / 567 ms, / 0.84 / 541 -> 0.92 / 264, /interventions
    // 0.86 / 358 -> 0.89 / 294. A lazy chunk's stylesheet is still added before the chunk runs.
    modulePreload: false,
    rolldownOptions: {
      // Everything the entry needs goes into one chunk: split into shared pieces it compresses
      // worse and costs the phone extra requests. Lazy pages and the popup stay separate; what three
      // or more of them share goes into one chunk too (scripts/shared-chunk.ts).
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 2 }, ...shared.groups] } },
    },
  },
});
