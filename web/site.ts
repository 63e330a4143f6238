/**
 * What the web page is made of, shared by its build (web/build.ts), the local
 * server's static files (lib/local/static-site.ts) and the stack's CloudFront
 * headers, so the three cannot disagree.
 */

export interface PageSpec {
  /** The file name; page routes are real files, served as they are. */
  file: string;
  /** Which script runs on it (`<body data-page>`). */
  page: 'scoreboard' | 'status' | 'history' | 'team' | 'member';
  title: string;
  /** Its place in the navigation; the team page is reached from team links. */
  nav?: string;
}

export const PAGES: readonly PageSpec[] = [
  { file: 'index.html', page: 'scoreboard', title: 'Scoreboard', nav: 'Scoreboard' },
  { file: 'services.html', page: 'status', title: 'Service status', nav: 'Services' },
  { file: 'history.html', page: 'history', title: 'Scores over time', nav: 'Over time' },
  { file: 'team.html', page: 'team', title: 'Team' },
  { file: 'my-team.html', page: 'member', title: 'My team', nav: 'My team' },
];

/**
 * Scripts and styles only from the page's own origin (no inline script),
 * API calls to the same origin, images also from any https host: team logos
 * are set in the competition file, loaded after deployment, so their hosts
 * cannot be listed at build time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Built assets carry a content hash in their name, so they may be cached for good; pages are revalidated. */
export const CACHE_CONTROL = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
} as const;
