// Build to dist/ (served by the API); in dev, proxy the API running on :3000.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': api, '/trpc': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {},
  },
});
