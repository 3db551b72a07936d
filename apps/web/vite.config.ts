// Build to dist/ (served by the API, with brotli and gzip copies); in dev, proxy the API on :3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': api, '/trpc': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Everything the entry needs goes into one chunk: split into shared pieces it compresses
      // worse and costs the phone extra requests. Lazy pages and the popup stay separate.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
});
