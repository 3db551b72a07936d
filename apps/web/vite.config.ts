// Build to dist/ (served by the API, with brotli and gzip copies); in dev, proxy the API on :3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  // Leaflet's ES module build: the bundler drops what nothing uses (1.3 KiB gzip of the first load
  // that its default UMD build, which also sets window.L, keeps).
  resolve: { alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }] },
  server: { port: 5173, proxy: { '/api': api, '/trpc': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself (0.2 KiB gzip saved).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Everything the entry needs goes into one chunk: split into shared pieces it compresses
      // worse and costs the phone extra requests. Lazy pages and the popup stay separate.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
});
