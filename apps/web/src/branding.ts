// The one place for who runs this deployment: product name and contact details (texts in either
// language, the header's pretitle and subtitle included, live in the locale files).
// Components read these values; translation texts interpolate them (e.g. "Telefon: {{phone}}").
export const branding = {
  /** Names the marker image: /assets/{product}Marker.png */
  product: 'denkmal',
  artist: 'Kollektiv Denk·Mal',
  // Phone, e-mail, web address and social account are the operator's: the site profile
  // (apps/api/cities/<city>/site.json), one place.
  copyrightYear: 2026,
} as const;

export const markerImageUrl = `/assets/${branding.product}Marker.png`;
/** The same at twice the pixels, for screens with a device pixel ratio above 1. */
export const markerImage2xUrl = `/assets/${branding.product}Marker@2x.png`;
