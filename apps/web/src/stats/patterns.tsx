// The fills that tell the series apart without colour: hatching, dots, cross-hatching, lines.
// Defined once per page (ids are document-wide) and used by every bar and legend swatch.
export type SeriesKey = 'female' | 'male' | 'mixed' | 'proposals' | 'votes';

const id = (key: SeriesKey) => `stats-fill-${key}`;
export const fillOf = (key: SeriesKey) => `url(#${id(key)})`;

export function PatternDefs() {
  return (
    <svg className="stats-defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {/* Women: dense diagonal hatching on the accent colour. */}
        <pattern id={id('female')} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#6a1b9a" />
          <rect width="2.5" height="6" fill="#e9d5f5" />
        </pattern>
        {/* Men: dots on grey. */}
        <pattern id={id('male')} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#d9d6e0" />
          <circle cx="3" cy="3" r="1.4" fill="#1d1b26" />
        </pattern>
        {/* Several people: cross-hatching. */}
        <pattern id={id('mixed')} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#fff" />
          <path d="M0 0L6 6M6 0L0 6" stroke="#4d4a5c" strokeWidth="1.2" />
        </pattern>
        <pattern id={id('proposals')} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#6a1b9a" />
          <rect width="2.5" height="6" fill="#e9d5f5" />
        </pattern>
        <pattern id={id('votes')} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#fff" />
          <path d="M0 3H6" stroke="#1d1b26" strokeWidth="2" />
        </pattern>
      </defs>
    </svg>
  );
}

/** A small sample of a series' fill, beside its label. */
export const Swatch = ({ series }: { series: SeriesKey }) => (
  <svg className="stats-swatch" width="18" height="18" aria-hidden="true" focusable="false">
    <rect x="0.5" y="0.5" width="17" height="17" fill={fillOf(series)} stroke="#1d1b26" />
  </svg>
);
