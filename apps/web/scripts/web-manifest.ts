// The web app manifest (served as /manifest.webmanifest): German first, as the app; the icons are
// public/icons (192 and 512 px, and a maskable one whose figure keeps to the safe zone).
import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOUR = '#6a1b9a';

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Denk·Mal Linz – Denkmäler, Vorschläge, Stimmen',
  short_name: 'Denk·Mal Linz',
  description: 'Die Karte der Denkmäler von Linz: schlagen Sie vor, wer fehlt, und stimmen Sie ab.',
  lang: 'de',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
