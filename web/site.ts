/**
 * What the web page is made of, shared by its build (web/build.ts), the local
 * server's static files (lib/local/static-site.ts) and the stack's CloudFront
 * headers, so the three cannot disagree.
 */

export interface PageSpec {
  /** The file name; page routes are real files, served as they are. */
  file: string;
  /** Which script runs on it (`<body data-page>`). */
  page: 'scoreboard' | 'status' | 'history' | 'team' | 'member' | 'red-team' | 'debrief' | 'console';
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
  // A team's debrief, to read and print: reached from My team and the console's team view.
  { file: 'debrief.html', page: 'debrief', title: 'Debrief' },
  // The red team's page: reached by its address, not from the public navigation.
  { file: 'red-team.html', page: 'red-team', title: 'Red team' },
  // The organisers' console, at /admin/ (a directory index): not in the public navigation.
  { file: 'admin/index.html', page: 'console', title: 'Organisers’ console' },
];

/** Where a page is served: `/` for the root page, the directory for `<dir>/index.html` (`/admin/`), else its file. */
export function pagePath(file: string): string {
  if (file === 'index.html') return '/';
  return file.endsWith('/index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
}

/**
 * The CDN's directory index, as a CloudFront Function (viewer request): a
 * path ending in `/` below the root fetches its `index.html` from the bucket
 * (the root has the distribution's default root object). The local static
 * site serves the same paths through pagePath; a unit test runs this code.
 */
export const DIRECTORY_INDEX_FUNCTION = `function handler(event) {
  var request = event.request;
  if (request.uri.length > 1 && request.uri.charAt(request.uri.length - 1) === '/') request.uri += 'index.html';
  return request;
}`;

/**
 * Scripts and styles only from the page's own origin (no inline script),
 * API calls to the same origin and uploads to the files bucket's (a
 * presigned POST, `filesOrigin`), the spectators' nudges from the Event
 * API's realtime endpoint (`pushOrigin`, `wss://…`; same-origin locally), images also from any https host: team
 * logos are set in the competition file, loaded after deployment, so their
 * hosts cannot be listed at build time.
 */
export function contentSecurityPolicy(filesOrigin: string, pushOrigin?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    `connect-src 'self' ${filesOrigin}${pushOrigin ? ` ${pushOrigin}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Built assets carry a content hash in their name, so they may be cached for good; pages are revalidated. */
export const CACHE_CONTROL = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
} as const;
