// Small inline SVG icons (bundled, CSP-safe). Decorative: the button or link carries the label.
type IconProps = { className?: string };

const svg = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const InfoIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 10.5v6M12 7.2v.1" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

export const ListIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/** A pillar on a plinth: the list of monuments. */
export const MonumentsIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path
      d="M9 3h6M10 3v13M14 3v13M7 16h10v3H7zM5 19h14v2H5z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

export const CloseIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

export const PlusIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
  </svg>
);

export const LocateIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <circle cx="12" cy="12" r="2.5" fill="currentColor" />
    <path d="M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export const ThumbsUpIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path
      d="M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11z"
      fill="currentColor"
    />
  </svg>
);

export const BackIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const ChartIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

/** A person: "Meine Beteiligung", what this browser did. */
export const PersonIcon = ({ className }: IconProps) => (
  <svg {...svg} className={className}>
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
