/**
 * The console's addresses: `#/<view>`, `#/teams/<number>` for one team (by
 * the number organisers call it, not the API's id), and a
 * view's own query (the services view's filter: `#/services?team=187&q=ssh`).
 * An address the console does not know opens the overview.
 */
export const VIEW_PATHS = [
  'overview',
  'teams',
  'services',
  'checks',
  'injects',
  'incidents',
  'findings',
  'password-changes',
  'access',
  'audit',
  'settings',
  'closing',
] as const;
export type ViewPath = (typeof VIEW_PATHS)[number];

export function addressOf(path: ViewPath, id?: number): string {
  return `#/${path}${id === undefined ? '' : `/${id}`}`;
}

export function parseAddress(hash: string): { path: ViewPath; id: number | undefined; params: URLSearchParams } {
  const [route = '', query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [path, id] = route.split('/');
  const known = (VIEW_PATHS as readonly string[]).includes(path ?? '') ? (path as ViewPath) : 'overview';
  return { path: known, id: id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined, params: new URLSearchParams(query) };
}
