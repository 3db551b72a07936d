// Unit and component tests only: Playwright specs in e2e/ are run by `playwright test`.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
  },
});
