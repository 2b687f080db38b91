import { RULES_VERSION, type Production } from './state';

/** Names (digest §4.2): `_` and space are the same character; matching ignores case. */

/** Words no name may be: every keyword an order's parameter may be. */
export const KEYWORDS = [
  'CAP',
  'MAT',
  'COL',
  'EMP',
  'DRIVE',
  'WEAPONS',
  'SHIELDS',
  'CARGO',
  'UNDERSCORES',
  'TWOCOL',
  'NAMECASE',
  'AUTOUNLOAD',
  'SORTGROUPS',
  'PRODTABLE',
  'FLEETTABLES',
  'BATTLEPROTOCOL',
  'MAX',
  'FLEET',
  'NO',
];

export const normalName = (name: string): string => name.replace(/_/g, ' ').trim();
export const nameKey = (name: string): string => normalName(name).toLowerCase();
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/** Why a name may not be used by a game of `rules`, or null. */
export function validName(raw: string, rules = RULES_VERSION): string | null {
  const name = normalName(raw);
  if (name.length < 1 || name.length > 20) return 'names have 1 to 20 characters';
  if (!/^[\x20-\x7e]+$/.test(name)) return 'names use printable ASCII only';
  if (/[";]/.test(name) || /^[#@]/.test(name)) return 'names may not contain " or ; nor begin with # or @';
  const word = name.toUpperCase();
  // BATTLEPROTOCOL became one with rules 2: a game of rules 1 may have given a name so.
  if (KEYWORDS.includes(word) && (rules >= 2 || word !== 'BATTLEPROTOCOL')) return `"${name}" is a keyword`;
  return null;
}

/** NAMECASE: the first letter of each word upper-cased. */
export const nameCase = (name: string): string =>
  name.replace(/(^|\s)(\S)/g, (_, s: string, c: string) => s + c.toUpperCase());

export const productionName = (p: Production | null): string =>
  p === null ? '-' : typeof p === 'string' ? p : p.ship;
