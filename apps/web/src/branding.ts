// The one place for who runs this deployment: product name, header titles and contact details.
// Components read these values; translation texts interpolate them (e.g. "Telefon: {{phone}}").
import type { Lang } from './i18n/languages';

type Localised = Record<Lang, string>;

export const branding = {
  /** Names the marker image: /assets/{product}Marker.png */
  product: 'denkmal',
  title: 'Denk·Mal Linz',
  pretitle: { de: 'Ein Kunstprojekt im öffentlichen Raum', en: 'An art project in public space' } satisfies Localised,
  subtitle: {
    de: 'Wer steht da? Wer sollte da stehen?',
    en: 'Who stands there? Who should stand there?',
  } satisfies Localised,
  artist: 'Kollektiv Denk·Mal',
  contact: {
    phone: '+43 732 000 000',
    email: 'hallo@denkmal-linz.example',
    social: { label: '@denkmal.linz', url: 'https://instagram.com/denkmal.linz' },
    portfolio: 'https://denkmal-linz.example',
  },
  copyrightYear: 2026,
} as const;

export const markerImageUrl = `/assets/${branding.product}Marker.png`;
