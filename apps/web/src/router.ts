import { Store } from './store';

/**
 * The client's pages live under /app (the api serves index.html there, see apps/api/src/configure.ts);
 * `/` is the lobby too.
 */
export const PAGES = '/app';

export type Route =
  | { page: 'lobby' }
  | { page: 'login' }
  | { page: 'new-game' }
  | { page: 'game'; gameId: string }
  | { page: 'replay'; gameId: string }
  | { page: 'audit'; gameId: string }
  | { page: 'not-found' };

export function parseRoute(path: string): Route {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'app')) return { page: 'lobby' };
  if (parts[0] !== 'app') return { page: 'not-found' };
  if (parts.length === 2 && parts[1] === 'login') return { page: 'login' };
  if (parts.length === 2 && parts[1] === 'new') return { page: 'new-game' };
  if (parts.length === 3 && parts[1] === 'games') return { page: 'game', gameId: parts[2] };
  if (parts.length === 4 && parts[1] === 'games' && (parts[3] === 'replay' || parts[3] === 'audit'))
    return { page: parts[3], gameId: parts[2] };
  return { page: 'not-found' };
}

export const gamePath = (gameId: string) => `${PAGES}/games/${gameId}`;
export const replayPath = (gameId: string) => `${gamePath(gameId)}/replay`;
export const auditPath = (gameId: string) => `${gamePath(gameId)}/audit`;

export const route = new Store<Route>(parseRoute(location.pathname));

export function navigate(path: string) {
  if (path !== location.pathname + location.search) history.pushState(null, '', path);
  route.set(parseRoute(location.pathname));
  window.scrollTo(0, 0);
}

window.addEventListener('popstate', () => route.set(parseRoute(location.pathname)));

/** A plain link that the client follows itself (a new tab or window still works as usual). */
export function follow(e: MouseEvent) {
  const a = e.currentTarget as HTMLAnchorElement;
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target) return;
  e.preventDefault();
  navigate(a.getAttribute('href') ?? '/');
}
