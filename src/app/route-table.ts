/**
 * The route table of SPEC §2, as data. Order matters: `wheel`, `report` and `viewer` are matched
 * before the catch-all `/projects/{id}/{tabName}`. Patterns accept an optional trailing slash unless
 * `exact` — `/projects` and `/projects/` are different routes (the first redirects to the second).
 */
export type RouteName =
  | 'root'
  | 'companyAdmin'
  | 'operator'
  | 'projectsContainer'
  | 'projectList'
  | 'report'
  | 'wheel'
  | 'wheelTab'
  | 'viewerTab'
  | 'viewerConfiguration'
  | 'viewerSimulation'
  | 'projectTab'
  | 'projectDetail'
  | 'otpEmail'
  | 'otpLogin'
  | 'login'
  | 'resetPassword'
  | 'resetPasswordConfirm'
  | 'signup'
  | 'sharedLink'
  | 'embed';

export interface RouteDef {
  name: RouteName;
  pattern: string;
  /** Reachable without signing in. */
  public?: boolean;
  exact?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'root', pattern: '/', exact: true },
  { name: 'companyAdmin', pattern: '/company/admin' },
  // The installation operator's screen: signed-in superusers; the server refuses others.
  { name: 'operator', pattern: '/operator' },
  { name: 'projectsContainer', pattern: '/projects', exact: true },
  { name: 'projectList', pattern: '/projects/', exact: true },
  { name: 'report', pattern: '/projects/:id/report/:report' },
  { name: 'wheel', pattern: '/projects/:id/wheel' },
  { name: 'wheelTab', pattern: '/projects/:id/wheel/:wheelTab' },
  { name: 'viewerTab', pattern: '/projects/:id/viewer/:study/configuration/:configuration/:tabName' },
  { name: 'viewerConfiguration', pattern: '/projects/:id/viewer/:study/configuration/:configuration' },
  { name: 'viewerSimulation', pattern: '/projects/:id/viewer/:study/:simulation' },
  { name: 'projectTab', pattern: '/projects/:id/:tabName' },
  { name: 'projectDetail', pattern: '/projects/:id' },
  { name: 'otpEmail', pattern: '/otp-email', public: true },
  { name: 'otpLogin', pattern: '/otp-login', public: true },
  { name: 'login', pattern: '/login/', public: true },
  { name: 'resetPassword', pattern: '/reset_password/', public: true },
  { name: 'resetPasswordConfirm', pattern: '/password/reset/confirm/:uid/:token', public: true },
  { name: 'signup', pattern: '/signup', public: true },
  // A share link's read-only page: for anyone, signed in or not.
  { name: 'sharedLink', pattern: '/shared/:token', public: true },
  // The same, framed in another site (the server sets its frame-ancestors from the link).
  { name: 'embed', pattern: '/embed/:token', public: true },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  keys: string[];
}

function compile(route: RouteDef): Compiled {
  const keys: string[] = [];
  const body = route.pattern
    .replace(/\/$/, route.exact ? '/' : '')
    .replace(/[.*+?^${}()|[\]\\]/g, (ch) => (ch === ':' ? ch : `\\${ch}`))
    .replace(/:(\w+)/g, (_, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
  const regex = new RegExp(route.exact ? `^${body}$` : `^${body}/?$`);
  return { route, regex, keys };
}

const COMPILED = ROUTES.map(compile);

export function matchRoute(path: string): RouteMatch | null {
  for (const { route, regex, keys } of COMPILED) {
    const m = regex.exec(path);
    if (m) {
      const params: Record<string, string> = {};
      keys.forEach((key, i) => (params[key] = decodeURIComponent(m[i + 1]!)));
      return { route, params };
    }
  }
  return null;
}

/** Paths reachable without signing in (unknown paths are not: they lead to login when signed out). */
export function isPublicPath(path: string): boolean {
  return matchRoute(path)?.route.public === true;
}

export const LOGIN_PATH = '/login/';
export const HOME_PATH = '/projects/';

/** The login URL that brings the user back to `wanted` afterwards (SPEC §2 `from`). */
export function loginUrl(wanted: string): string {
  return `${LOGIN_PATH}?from=${encodeURIComponent(wanted)}`;
}

/** Where a signed-in user opening login goes: `from` when it is a path of this app, else the app. */
export function afterLoginPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return HOME_PATH;
  const path = from.split('?')[0]!;
  if (isPublicPath(path)) return HOME_PATH;
  return from;
}

export const VIEWER_DEFAULT_TAB = 'Viewer';
export const VIEWER_MODES = ['Viewer', 'Insights', 'Reports', 'Images', 'Settings'] as const;
export const PROJECT_SETTINGS_TABS = ['details', 'scenarios', 'parameter-sets', 'resources', 'share', 'admin', 'files'] as const;
