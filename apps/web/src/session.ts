import type { Account, Session } from '@warpgate/contracts';
import { Store } from './store';

const KEY = 'warpgate.session';

function stored(): Session | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Session | null;
  } catch {
    return null;
  }
}

/** Who is logged in on this browser, with their access token; null for a visitor. */
export const session = new Store<Session | null>(stored());

export function logIn(value: Session) {
  localStorage.setItem(KEY, JSON.stringify(value));
  session.set(value);
}

export function logOut() {
  localStorage.removeItem(KEY);
  session.set(null);
}

export const me = (): Account | null => session.value?.account ?? null;
