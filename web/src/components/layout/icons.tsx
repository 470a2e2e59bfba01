import type { ReactNode } from 'react';

/**
 * The shell's icons, drawn as 24×24 outline SVGs (no icon package). Route nodes name theirs in `node.icon`;
 * an unknown name falls back to a dot so a new route never breaks the menu.
 */
const PATHS = {
  // Menu (route-tree.ts `icon`)
  dashboard: (
    <>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
    </>
  ),
  approval: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <rect x="9" y="2.5" width="6" height="3" rx="1" />
      <path d="m9 13 2 2 4-4" />
    </>
  ),
  cart: (
    <>
      <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.2a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </>
  ),
  receipt: (
    <>
      <path d="M6 3h12v18l-2-1.4-2 1.4-2-1.4-2 1.4-2-1.4L6 21z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  truck: (
    <>
      <path d="M2.5 6.5A1.5 1.5 0 0 1 4 5h9a1.5 1.5 0 0 1 1.5 1.5V16H2.5z" />
      <path d="M14.5 9h3.8l3.2 3.8V16h-7" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="17.5" cy="17.5" r="1.8" />
    </>
  ),
  boxes: (
    <>
      <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="m4 7.5 8 4.5 8-4.5M12 12v9" />
    </>
  ),
  tags: (
    <>
      <path d="M3 11.6V4.5A1.5 1.5 0 0 1 4.5 3h7.1l9 9-8.6 8.6z" />
      <circle cx="7.8" cy="7.8" r="1.5" />
    </>
  ),
  handshake: (
    <>
      <path d="M4 9.5 5.6 4h12.8L20 9.5" />
      <path d="M4 9.5h16M5 9.5V20h14V9.5" />
      <path d="M10 20v-5h4v5" />
    </>
  ),
  location: (
    <>
      <path d="M12 21s-7-6.1-7-11.4a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M17 14.5a4.5 4.5 0 0 1 4.5 4.5" />
    </>
  ),
  invoice: (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M15 3v4h4M9 12h7M9 16h7" />
    </>
  ),
  gem: (
    <>
      <path d="M6.5 4h11L21 9l-9 11L3 9z" />
      <path d="M3 9h18M12 20 8.5 9 10 4M12 20l3.5-11L14 4" />
    </>
  ),
  contacts: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <circle cx="12" cy="10" r="2.5" />
      <path d="M8.5 17a3.5 3.5 0 0 1 7 0M3 7.5h2M3 12h2M3 16.5h2" />
    </>
  ),
  history: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
      <path d="M3.5 4v4.5H8M12 7.5V12l3 2" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16v-5a6 6 0 1 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20h16" />
      <rect x="5.5" y="11" width="3" height="6.5" rx=".5" />
      <rect x="10.5" y="5.5" width="3" height="12" rx=".5" />
      <rect x="15.5" y="13" width="3" height="4.5" rx=".5" />
    </>
  ),
  settings: (
    <>
      <path d="M4 7h3M11 7h9M4 12h9M17 12h3M4 17h2M10 17h10" />
      <circle cx="9" cy="7" r="2" />
      <circle cx="15" cy="12" r="2" />
      <circle cx="8" cy="17" r="2" />
    </>
  ),
  layers: (
    <>
      <path d="m12 3 9 4.5-9 4.5-9-4.5z" />
      <path d="m3 12 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
    </>
  ),
  // Shell controls
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  menuFold: <path d="M4 6h16M10 12h10M4 18h16M7 9.5 4.5 12 7 14.5" />,
  chevronDown: <path d="m6 9 6 6 6-6" />,
  chevronRight: <path d="m9 6 6 6-6 6" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </>
  ),
  fullscreen: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />,
  fullscreenExit: <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
    </>
  ),
  textSize: <path d="M3.5 7V5h10v2M8.5 5v14M6.5 19h4M14 12v-1.5h6.5V12M17.25 10.5V19M15.75 19h3" />,
  bug: (
    <>
      <rect x="7" y="8" width="10" height="12" rx="5" />
      <path d="M9 8.5a3 3 0 0 1 6 0M12 11v9M3 13.5h4M17 13.5h4M4.5 8.5 7 10M19.5 8.5 17 10M4.5 19 7 17M19.5 19 17 17" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  arrowUp: <path d="M12 19V5M5.5 11.5 12 5l6.5 6.5" />,
  refresh: (
    <>
      <path d="M19.5 10.5A7.5 7.5 0 0 0 5.6 7.5M4.5 4v3.8h3.8" />
      <path d="M4.5 13.5a7.5 7.5 0 0 0 13.9 3M19.5 20v-3.8h-3.8" />
    </>
  ),
  logout: <path d="M14.5 4H18a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3.5M10 8l-4 4 4 4M6 12h10" />,
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  checkAll: <path d="m2.5 12.5 4.5 4.5L16.5 7.5M12 16.5l.5.5L22 7.5" />,
  sparkle: (
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  ),
  trash: <path d="M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />,
  inbox: (
    <>
      <path d="M3.5 13.5 6 5h12l2.5 8.5V19a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19z" />
      <path d="M3.5 13.5h5l1.5 2.5h4l1.5-2.5h5" />
    </>
  ),
  dot: <circle cx="12" cy="12" r="3" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  className = 'h-5 w-5',
}: {
  name: IconName | (string & {}) | undefined;
  className?: string;
}) {
  const shape = (name && (PATHS as Record<string, ReactNode>)[name]) ?? PATHS.dot;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
    >
      {shape}
    </svg>
  );
}
