import type { Diagnostic, OrderArgSpec, OrderTypeSpec, ParsedOrders } from '@warpgate/engine';
import { echo } from '../printout';
import { fail, readError } from '../reading';
import { readSubmission } from '../submission';
import { validateEmpireName } from './setup';
import {
  formatLoc,
  locOf,
  type ActionName,
  type Cargo,
  type Controls,
  type GtOrder,
  type Loc,
  type OrderOf,
} from './state';

/**
 * The action parser (digest §4.1): the book's written form, one action a line, or a JSON array of
 * `{"action": "LOAD", "args": ["1805", "10", "PI"]}` with the same arguments (or the platform's
 * `{"type": "LOAD", "Ship ID": 1805, …}`, fields named by ORDER_TYPES). Only the form is checked
 * here (counts, numbers, keywords, names); what the state allows is checked when it runs.
 */

/** §4.1 Decision: lines beyond the 50th (blank and comment lines not counted) are rejected. */
export const ACTION_LIMIT = 50;
export const LIMIT_MESSAGE = 'action limit: 50 actions a fortnight';
/** How much of an unreadable line the report echoes. */
export const ECHO_LENGTH = 60;
/** Larger quantities are no mistake a player makes; refusing them keeps every number a safe integer. */
export const MAX_QUANTITY = 1_000_000_000;
/** Ship ids are drawn from 1000–99999 (§2.4). */
export const MAX_SHIP_ID = 99_999;
/** Longer than any legal rating (§6.6); the rest of its grammar is design.ts's. */
const MAX_RATING = 40;

/** More than any action takes (a name has at most 15 characters, a rating 40): reading stops there. */
const MAX_WORDS = 64;

/** A word of a line; a quoted one is always a name. */
interface Token {
  text: string;
  quoted: boolean;
}

/** A field as quoted in a message: hostile input must not make huge messages. */
const quote = (field: string) => JSON.stringify(echo(field, 25));

const LOC = /^(\d{1,2})-(\d{1,2})$/;
const isLoc = (t: Token) => LOC.test(t.text);

function loc(t: Token): Loc {
  const m = LOC.exec(t.text) ?? fail(`${quote(t.text)} is not a location (yy-xx)`);
  return locOf(Number(m[1]), Number(m[2]));
}

/** A decimal whole number from 0 to `max`. */
function whole(t: Token, what: string, max: number): number {
  if (!/^\d+$/.test(t.text)) return fail(`${what} ${quote(t.text)} is not a whole number`);
  const n = Number(t.text);
  return n <= max ? n : fail(`${what} ${quote(t.text)} is too large (at most ${max})`);
}

const quantity = (t: Token, what = 'quantity') => whole(t, what, MAX_QUANTITY);

function ship(t: Token): number {
  const id = whole(t, 'ship id', MAX_SHIP_ID);
  return id > 0 ? id : fail('ship id 0 is not a ship id');
}

const ITEMS: Record<string, keyof Cargo> = { PV: 'pv', PI: 'pi' };
function item(t: Token): keyof Cargo {
  const word = t.text.toUpperCase();
  if (Object.hasOwn(ITEMS, word)) return ITEMS[word];
  return word !== '' && 'MISSILES'.startsWith(word)
    ? 'missiles'
    : fail(`item ${quote(t.text)} is not PV, PI or MISSILES`);
}

/** Design codes: 1–4 of A–Z and 0–9, read in any case (§4.4). */
function code(t: Token): string {
  const c = t.text.toUpperCase();
  return /^[A-Z0-9]{1,4}$/.test(c) ? c : fail(`design code ${quote(t.text)} is not 1 to 4 letters or digits`);
}

/** One of `words`, in any case. */
function keyword<W extends string>(t: Token, words: readonly W[], what: string): W {
  const w = t.text.toUpperCase();
  return words.find((k) => k === w) ?? fail(`${what} ${quote(t.text)} is not one of ${words.join(', ')}`);
}

type NameKind = 'ship' | 'design' | 'empire';
/** §4.1: ships and systems; designs may also use `,` and `;` (§2.3). Empire names: §2.2 (setup). */
const NAME_RULES: Record<Exclude<NameKind, 'empire'>, { chars: RegExp; what: string }> = {
  ship: { chars: /^[A-Za-z0-9 -]{1,15}$/, what: 'letters, digits, spaces or -' },
  design: { chars: /^[A-Za-z0-9 ,;-]{1,15}$/, what: 'letters, digits, spaces or - , ;' },
};

/** A name with its runs of white space as one space, checked against the rules of its kind. */
function name(text: string, kind: NameKind): string {
  const n = text.trim().replace(/\s+/g, ' ');
  if (kind === 'empire') {
    const error = validateEmpireName(n, []);
    return error ? fail(`${quote(n)}: ${error}`) : n;
  }
  const rule = NAME_RULES[kind];
  return rule.chars.test(n) ? n : fail(`name ${quote(n)} is not 1 to 15 ${rule.what}`);
}

/** A name written as several words (the rest of a line): one quoted token, or unquoted words. */
function words(tokens: Token[], kind: NameKind): string {
  if (tokens.length > 1 && tokens.some((t) => t.quoted)) fail('a quoted name must be the whole name');
  return name(tokens.map((t) => t.text).join(' '), kind);
}

const restName = (tokens: Token[]) => (tokens.length === 0 ? null : words(tokens, 'ship'));

/** COMBAT and STANDING target codes (§4.6): what each weapon may be told to aim at. */
const TARGETS = [
  ['drone target', [0, 1, 2, 3, 4, 5, 6]],
  ['P-type target', [0, 1, 2, 3, 4, 6]],
  ['T-type target', [0, 1, 2, 3, 4]],
] as const;

function target(t: Token | undefined, i: number): number {
  const [what, codes] = TARGETS[i];
  if (t === undefined) return 0;
  const n = /^\d$/.test(t.text) ? Number(t.text) : -1;
  return (codes as readonly number[]).includes(n)
    ? n
    : fail(`${what} ${quote(t.text)} is not one of ${codes.join(', ')}`);
}

/** Consecutive groups of `size` arguments, each read by `read`. */
const groups = <T>(a: Token[], size: number, read: (g: Token[]) => T): T[] =>
  Array.from({ length: a.length / size }, (_, i) => read(a.slice(i * size, i * size + size)));

/**
 * Without blank JSON fields (text has none): where an optional argument sits between others (MAP's
 * centre, DOWNGRADE's name) and is read by its look, a blank one is one not given.
 */
const given = (a: Token[]) => a.filter((t) => t.quoted || t.text !== '');

const MAP_TYPES = ['WHOLE', 'QUAD', 'PV'] as const;
const SORTS = ['SSD+', 'SSD-', 'NAME', 'CODE'] as const;

/** How an action reads its arguments; `warn` adds a warning to the line. */
type Reader = (a: Token[], warn: (message: string) => void) => GtOrder;

interface Spec {
  /** The argument counts it takes: from `min` to `max` in steps of `step`. */
  count: { min: number; max: number; step?: number };
  args: OrderArgSpec[];
  help: string;
  example: string;
  read: Reader;
}

const shipArg = (n: string): OrderArgSpec => ({
  name: n,
  type: 'int',
  min: 1,
  max: MAX_SHIP_ID,
  help: 'ship id',
});
const locArg = (n: string, help = 'yy-xx'): OrderArgSpec => ({ name: n, type: 'string', help });
const qtyArg = (n: string, help = 'quantity'): OrderArgSpec => ({
  name: n,
  type: 'int',
  min: 0,
  max: MAX_QUANTITY,
  help,
});
const textArg = (n: string, help: string): OrderArgSpec => ({ name: n, type: 'string', help });
const itemArg = (n: string): OrderArgSpec => ({
  name: n,
  type: 'enum',
  values: ['PV', 'PI', 'MISSILES'],
  help: 'PV, PI or MISSILES (M, MISS …)',
});
const numbered = (n: string, count: number, arg: (n: string) => OrderArgSpec) =>
  Array.from({ length: count }, (_, i) => arg(`${n} ${i + 1}`));
/** A ship and up to `n` other ships, or `n` ships. */
const shipsArgs = (n: number) => numbered('Ship ID', n, shipArg);
const pairArgs = (first: OrderArgSpec, second: OrderArgSpec): OrderArgSpec[] => [
  first,
  second,
  { ...first, name: `${first.name} 2`, help: `${first.help ?? ''} (optional)` },
  { ...second, name: `${second.name} 2`, help: `${second.help ?? ''} (optional)` },
];

/** The form of actions that share one (DEFEND, PATROL …): all but their help and example. */
type Form = Omit<Spec, 'help' | 'example'>;
const OWN_SYSTEM = 'own production system (yy-xx)';

const ships = (action: OrderOf<'DEFEND'>['action']): Form => ({
  count: { min: 1, max: 5 },
  args: shipsArgs(5),
  read: (a) => ({ action, ships: a.map(ship) }),
});
const moves = (action: OrderOf<'TO'>['action']): Form => ({
  count: { min: 2, max: 4, step: 2 },
  args: pairArgs(shipArg('Ship ID'), locArg('Location')),
  read: (a) => ({ action, moves: groups(a, 2, ([s, l]) => ({ ship: ship(s), target: loc(l) })) }),
});
const spends = (action: OrderOf<'RESEARCH'>['action'], amount: OrderArgSpec): Form => ({
  count: { min: 2, max: 4, step: 2 },
  args: pairArgs(locArg('Location', OWN_SYSTEM), amount),
  read: (a) => ({ action, spends: groups(a, 2, ([l, n]) => ({ loc: loc(l), amount: quantity(n) })) }),
});
const fleet = (action: OrderOf<'JOIN'>['action'], first: string): Form => ({
  count: { min: 2, max: 5 },
  args: [shipArg(first), ...shipsArgs(4)],
  read: ([s, ...rest]) => ({ action, ship: ship(s), ships: rest.map(ship) }),
});
const route = (action: OrderOf<'SCOUT'>['action']): Form => ({
  count: { min: 2, max: 5 },
  args: [shipArg('Ship ID'), ...numbered('Loc', 4, (n) => locArg(n))],
  read: ([s, ...stops]) => ({ action, ship: ship(s), stops: stops.map(loc) }),
});
const cargo = (action: OrderOf<'LOAD'>['action']): Form => ({
  count: { min: 3, max: 5, step: 2 },
  args: [shipArg('Ship ID'), ...pairArgs(qtyArg('Quantity'), itemArg('Item'))],
  read: ([s, ...rest]) => ({
    action,
    ship: ship(s),
    items: groups(rest, 2, ([n, i]) => ({ amount: quantity(n), item: item(i) })),
  }),
});
const landing = (action: OrderOf<'COLONIZE'>['action']): Form => ({
  count: { min: 2, max: Infinity },
  args: [
    shipArg('Ship ID'),
    locArg('Location'),
    textArg('Name', 'new name (optional), the rest of the line'),
  ],
  read: ([s, l, ...rest]) => ({ action, ship: ship(s), target: loc(l), name: restName(rest) }),
});
const controls = (action: OrderOf<'COMBAT'>['action']): Form => ({
  count: { min: 1, max: 5 },
  args: [
    shipArg('Flagship'),
    ...TARGETS.map(([what, codes]) => ({ name: what, type: 'enum' as const, values: codes.map(String) })),
    qtyArg('Min SSD', 'estimated enemy SSD below which T-types hold fire (0: always fire)'),
  ],
  read: ([s, ...codes]) => {
    const c: Controls = {
      drone: target(codes[0], 0),
      p: target(codes[1], 1),
      t: target(codes[2], 2),
      minSSD: codes[3] === undefined ? 0 : quantity(codes[3], 'min SSD'),
    };
    return { action, ship: ship(s), controls: c };
  },
});

const SPECS: Record<ActionName, Spec> = {
  CAPITAL: {
    count: { min: 1, max: Infinity },
    args: [locArg('Location', OWN_SYSTEM), textArg('Name', 'new name (optional)')],
    help: '[A] Move your Home System to another production system for 150 PI; the name is the rest of the line',
    example: 'CAPITAL 23-64 New Fenwick',
    read: ([l, ...rest]) => ({ action: 'CAPITAL', loc: loc(l), name: restName(rest) }),
  },
  CLASSIFY: {
    count: { min: 3, max: Infinity },
    args: [
      textArg('Design Code', '1 to 4 letters or digits'),
      textArg('Design Name', 'up to 15 characters'),
      textArg('Design Rating', 'e.g. 2P+1T5//16-16'),
    ],
    help: '[B] Add a design (or rename the design of the same rating): the name is everything between the code and the rating',
    example: 'CLASSIFY ST Station 14D+30P+5T30//',
    read: ([c, ...rest]) => {
      // §4.1 Decision: a quoted name lets the rating have spaces; else the rating is the last word.
      const named = rest[0].quoted ? 1 : rest.length - 1;
      const rating = rest
        .slice(named)
        .map((t) => t.text)
        .join('')
        .replace(/\s+/g, '');
      // Printable, no quote, and no final ";" (a rating ends in its drives; the line would lose it).
      if (!/^[!#-~]+$/.test(rating) || rating.length > MAX_RATING || rating.endsWith(';'))
        fail(`${quote(rating)} is not a design rating`);
      return { action: 'CLASSIFY', code: code(c), name: words(rest.slice(0, named), 'design'), rating };
    },
  },
  DECLASSIFY: {
    count: { min: 1, max: 5 },
    args: numbered('Code', 5, (n) => textArg(n, 'design code')),
    help: '[B] Remove designs that have no ship in service or under construction',
    example: 'DECLASSIFY SC',
    read: (a) => ({ action: 'DECLASSIFY', codes: a.map(code) }),
  },
  MAP: {
    count: { min: 1, max: 4 },
    args: pairArgs(
      { name: 'Type', type: 'enum', values: [...MAP_TYPES], help: 'WHOLE, QUAD or PV' },
      locArg('Location', 'centre (yy-xx, optional: your home)'),
    ),
    help: '[A] Up to two maps in the next report; MAP QUAD QUAD prints the four quadrants',
    example: 'MAP QUAD QUAD',
    read: (all) => {
      const a = given(all);
      const maps: OrderOf<'MAP'>['maps'] = [];
      for (let i = 0; i < a.length; i++) {
        const type = keyword(a[i], MAP_TYPES, 'map type');
        maps.push({ type, center: a[i + 1] && isLoc(a[i + 1]) ? loc(a[++i]) : null });
      }
      return maps.length <= 2 ? { action: 'MAP', maps } : fail('MAP requests at most 2 maps');
    },
  },
  NAME: {
    count: { min: 2, max: 4, step: 2 },
    args: pairArgs(
      textArg('What', 'a system (yy-xx), a ship id or EMPIRE'),
      textArg('New Name', 'up to 15 characters (30 for EMPIRE); quote a name with spaces'),
    ),
    help: '[B] Name an own system or ship, or your empire',
    example: 'NAME 05-27 SAMPLE',
    read: (a) => ({
      action: 'NAME',
      names: groups(a, 2, ([w, n]) => {
        if (w.text.toUpperCase() === 'EMPIRE')
          return { what: 'EMPIRE' as const, name: name(n.text, 'empire') };
        if (isLoc(w)) return { what: { loc: loc(w) }, name: name(n.text, 'ship') };
        if (/^\d+$/.test(w.text)) return { what: { ship: ship(w) }, name: name(n.text, 'ship') };
        return fail(
          `${quote(w.text)} is not a system (yy-xx), a ship id or EMPIRE; quote a name with spaces`,
        );
      }),
    }),
  },
  SHIPYARD: {
    count: { min: 0, max: 5 },
    args: numbered('Sort', 5, (n) => ({ name: n, type: 'enum', values: [...SORTS] })),
    help: '[A] Shipyard reports in the next report, sorted by SSD+ (the default), SSD-, NAME or CODE',
    example: 'SHIPYARD SSD+ CODE',
    read: (a, warn) => {
      // The book: an unknown sort prints by SSD ascending.
      const sorts = a.map((t) => {
        const sort = SORTS.find((s) => s === t.text.toUpperCase());
        if (!sort) warn(`sort ${quote(t.text)} is not one of ${SORTS.join(', ')}: sorted by SSD+`);
        return sort ?? 'SSD+';
      });
      return { action: 'SHIPYARD', sorts: sorts.length > 0 ? sorts : ['SSD+'] };
    },
  },
  BUILD: {
    count: { min: 3, max: 5 },
    args: [
      locArg('Location', OWN_SYSTEM),
      textArg('Ship Code', 'design code'),
      ...numbered('Name', 3, (n) => textArg(n, 'one name a ship, 1 to 3 ships')),
    ],
    help: '[A] Build 1 to 3 ships of one design, one name each',
    example: 'BUILD 34-11 SC1 Scout Scout Scout',
    read: ([l, c, ...names]) => ({
      action: 'BUILD',
      loc: loc(l),
      code: code(c),
      names: names.map((n) => name(n.text, 'ship')),
    }),
  },
  DOWNGRADE: {
    count: { min: 1, max: 4 },
    args: pairArgs(locArg('Location', OWN_SYSTEM), textArg('Name', 'new name (optional)')),
    help: '[A] Turn a production system into a colony (its stockpiles and dry dock are lost)',
    example: 'DOWNGRADE 23-64',
    read: (all) => {
      const a = given(all);
      const systems: OrderOf<'DOWNGRADE'>['systems'] = [];
      for (let i = 0; i < a.length; i++) {
        const at = loc(a[i]);
        // A word after a location is its new name unless it is the next location.
        const named = a[i + 1] !== undefined && (a[i + 1].quoted || !isLoc(a[i + 1]));
        systems.push({ loc: at, name: named ? name(a[++i].text, 'ship') : null });
      }
      return systems.length <= 2
        ? { action: 'DOWNGRADE', systems }
        : fail('DOWNGRADE takes at most 2 systems');
    },
  },
  MISSILES: {
    ...spends('MISSILES', qtyArg('Number', 'missiles to build')),
    help: '[B] Build missiles for 1 PI each into the stockpile there',
    example: 'MISSILES 34-11 10',
  },
  RESEARCH: {
    ...spends('RESEARCH', qtyArg('PI', 'PI spent')),
    help: '[B] Spend PI from a production system on research',
    example: 'RESEARCH 34-11 100',
  },
  ASSIGN: {
    ...fleet('ASSIGN', 'Mothership ID'),
    help: "[B] Put small ships into the mother ship's hangars",
    example: 'ASSIGN 4101 4102 4103',
  },
  JOIN: {
    ...fleet('JOIN', 'Flagship ID'),
    help: '[B] Join ships (with their fleets) to a flagship',
    example: 'JOIN 4103 4104 4105 4106',
  },
  ATTACK: {
    count: { min: 2, max: 3 },
    args: [
      shipArg('Ship ID'),
      locArg('Location'),
      qtyArg('Max SSD', 'abort if the enemy SSD is estimated above it (0 or blank: always attack)'),
    ],
    help: '[M] Move to a system and fight there; allows COMBAT',
    example: 'ATTACK 4017 70-63',
    read: ([s, l, max]) => ({
      action: 'ATTACK',
      ship: ship(s),
      target: loc(l),
      maxSSD: max === undefined ? 0 : quantity(max, 'max SSD'),
    }),
  },
  CHART: {
    ...moves('CHART'),
    help: '[M] Move to a star and chart it',
    example: 'CHART 1524 55-44 1525 60-23',
  },
  SECURE: {
    ...moves('SECURE'),
    help: '[M] Move to a system and take it at all costs (never aborts)',
    example: 'SECURE 3118 35-42',
  },
  TO: {
    ...moves('TO'),
    help: '[M] Move to a location',
    example: 'TO 1010 38-15',
  },
  DESTROY: {
    ...moves('DESTROY'),
    help: "[M] Move to an enemy system and destroy it (20 PI in the fleet's cargo)",
    example: 'DESTROY 4017 70-63',
  },
  COLONIZE: {
    ...landing('COLONIZE'),
    help: '[M] Colonize a charted star (10 PI); the name is the rest of the line',
    example: 'COLONIZE 1003 35-42 Mars II',
  },
  DEVELOP: {
    ...landing('DEVELOP'),
    help: '[M] Turn an own colony into a production system (30 PI); the name is the rest of the line',
    example: 'DEVELOP 1003 35-42 New Mars',
  },
  COMBAT: {
    ...controls('COMBAT'),
    help: '[B] Targeting for ships under ATTACK: 1 weapons, 2 main, 3 engines, 4 platforms, 5 drones, 6 missiles; all 0: cancel',
    example: 'COMBAT 1234 0 3 2 200',
  },
  STANDING: {
    ...controls('STANDING'),
    help: '[B] Targeting for ships under DEFEND, as COMBAT',
    example: 'STANDING 1234 0 3 2 200',
  },
  DEFEND: {
    ...ships('DEFEND'),
    help: '[B] Defend where the ships are; allows STANDING',
    example: 'DEFEND 4017',
  },
  DETACH: {
    ...ships('DETACH'),
    help: '[B] Take ships out of their fleets or hangars; order NONE',
    example: 'DETACH 4104 4105',
  },
  PATROL: {
    ...ships('PATROL'),
    help: '[B] Patrol where the ships are, catching scouts',
    example: 'PATROL 3118',
  },
  REFIT: {
    ...ships('REFIT'),
    help: '[A] Raise undamaged ships at a production system to your tech level',
    example: 'REFIT 4017',
  },
  RELOAD: {
    ...ships('RELOAD'),
    help: '[B] Fill empty missile racks from the stockpile, then cargo',
    example: 'RELOAD 4017',
  },
  REPAIR: {
    ...ships('REPAIR'),
    help: '[B] Restore ships to their design for 1 PI per SSD of damage',
    example: 'REPAIR 4017',
  },
  SCRAP: {
    ...ships('SCRAP'),
    help: '[A] Scrap ships (80 % back at a production system) or ships under construction',
    example: 'SCRAP 4017',
  },
  LOAD: {
    ...cargo('LOAD'),
    help: '[B] Load PV, PI or MISSILES (M, MISS …) from where the ship is into its fleet',
    example: 'LOAD 1805 10 PI 10 MISS',
  },
  UNLOAD: {
    ...cargo('UNLOAD'),
    help: '[B] Unload PV, PI or MISSILES where the ship is',
    example: 'UNLOAD 1805 10 PI',
  },
  SCOUT: {
    ...route('SCOUT'),
    help: '[M] Move cautiously to each location in turn, reporting what is there',
    example: 'SCOUT 1523 45-23 48-30 52-25 55-40',
  },
  SENTRY: {
    ...route('SENTRY'),
    help: '[M] Cycle through the locations, one a fortnight, catching scouts',
    example: 'SENTRY 3118 35-42 37-50',
  },
  SHUTTLE: {
    ...route('SHUTTLE'),
    help: '[M] Cargo run: load PV at other systems, unload it at own production systems',
    example: 'SHUTTLE 2201 85-23 99-15',
  },
  TOW: {
    count: { min: 3, max: 3 },
    args: [shipArg('Towing Ship ID'), shipArg('Towed Ship ID'), locArg('Location')],
    help: '[M] Tow a ship to a location at half speed',
    example: 'TOW 4017 4018 23-64',
    read: ([a, b, l]) => ({ action: 'TOW', tower: ship(a), towed: ship(b), target: loc(l) }),
  },
  TRANSFER: {
    count: { min: 4, max: 4 },
    args: [shipArg('From Ship ID'), shipArg('To Ship ID'), qtyArg('Quantity'), itemArg('Item')],
    help: '[B] Move cargo between two ships at the same place',
    example: 'TRANSFER 1805 1806 10 PI',
    read: ([a, b, n, i]) => ({
      action: 'TRANSFER',
      from: ship(a),
      to: ship(b),
      amount: quantity(n),
      item: item(i),
    }),
  },
};

export const ORDER_TYPES: OrderTypeSpec[] = (Object.keys(SPECS) as ActionName[]).map((action) => ({
  code: action,
  name: action,
  // The arguments past the fewest an action takes may be left out.
  args: SPECS[action].args.map((arg, i) =>
    i < SPECS[action].count.min ? arg : { ...arg, optional: true as const },
  ),
  help: SPECS[action].help,
  example: SPECS[action].example,
}));

/** The action a keyword names, in any case; SHIPYARDS is SHIPYARD. Own keys only: no "constructor". */
function actionOf(word: string): ActionName | undefined {
  const w = word.toUpperCase();
  const action = w === 'SHIPYARDS' ? 'SHIPYARD' : w;
  return Object.hasOwn(SPECS, action) ? (action as ActionName) : undefined;
}

/** One action from its keyword and arguments. */
function read(word: string, a: Token[], warn: (message: string) => void): GtOrder {
  const action = actionOf(word) ?? fail(`unknown action ${quote(word)}`);
  const { count, args, example, read: readArgs } = SPECS[action];
  const { min, max, step = 1 } = count;
  const problem =
    a.length < min
      ? 'too few arguments'
      : a.length > max
        ? 'too many arguments'
        : (a.length - min) % step !== 0
          ? 'wrong number of arguments'
          : null;
  if (problem) fail(`${problem}: ${action} ${args.map((g) => `[${g.name}]`).join(' ')}, e.g. ${example}`);
  return readArgs(a, warn);
}

/** The words of a line: white space between them; `"…"` is one word (`""` in it is a `"`). */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const space = /\s/g;
  const word = /\S/g;
  for (let i = 0; ;) {
    word.lastIndex = i;
    const start = word.exec(line);
    if (!start) return tokens;
    if (tokens.length === MAX_WORDS) fail(`a line has at most ${MAX_WORDS} words`);
    i = start.index;
    if (line[i] !== '"') {
      space.lastIndex = i;
      const end = space.exec(line)?.index ?? line.length;
      tokens.push({ text: line.slice(i, end), quoted: false });
      i = end;
      continue;
    }
    let text = '';
    for (let from = i + 1; ; from = i + 1) {
      const end = line.indexOf('"', from);
      if (end < 0) fail('a quote is not closed');
      text += line.slice(from, end);
      i = end + 1;
      if (line[i] !== '"') break;
      text += '"';
    }
    if (i < line.length && !/\s/.test(line[i])) fail('a closing quote must be followed by a space');
    tokens.push({ text, quoted: true });
  }
}

type Parsed = { order: GtOrder; warnings: string[] } | { error: string };

/** Reading never throws: an unexpected JavaScript error is no message for a player. */
function attempt(readIt: (warn: (message: string) => void) => GtOrder): Parsed {
  const warnings: string[] = [];
  try {
    return { order: readIt((m) => warnings.push(m)), warnings };
  } catch (e) {
    return { error: readError(e, 'action') };
  }
}

const readLine = (line: string): Parsed =>
  attempt((warn) => {
    const [word, ...a] = tokenize(line);
    return word.quoted ? fail(`unknown action ${quote(word.text)}`) : read(word.text, a, warn);
  });

const JSON_ACTION = '{"action": "LOAD", "args": ["1805", "10", "PI"]}';
const JSON_FORM = `an action is ${JSON_ACTION}`;

/** JSON values as the words of a line (trailing blank ones left out, as on the turn sheet). */
function jsonWords(values: unknown[], what: (i: number) => string): Token[] {
  const tokens = values.map((v, i): Token => {
    if (typeof v === 'number' && !Number.isFinite(v)) fail(`${what(i)} is not a finite number`);
    if (typeof v !== 'number' && typeof v !== 'string') fail(`${what(i)} is not a string or a number`);
    return { text: String(v).trim(), quoted: false };
  });
  while (tokens.length > 0 && tokens[tokens.length - 1].text === '') tokens.pop();
  return tokens;
}

/**
 * The platform's named form (web order forms): `{"type": "LOAD", "Ship ID": 1805, …}`, its fields
 * in the order of the action's ORDER_TYPES args; a missing one is blank.
 */
function readNamed(o: Record<string, unknown>, warn: (message: string) => void): GtOrder {
  if (typeof o.type !== 'string') return fail(`"type" is not a string: ${JSON_FORM}`);
  const action = actionOf(o.type) ?? fail(`unknown action ${quote(o.type)}`);
  const { args } = SPECS[action];
  const extra = Object.keys(o).find((k) => k !== 'type' && !args.some((a) => a.name === k));
  if (extra !== undefined) fail(`unexpected field ${quote(extra)} in ${action}`);
  const values = args.map((a) => (Object.hasOwn(o, a.name) ? o[a.name] : ''));
  return read(
    action,
    jsonWords(values, (i) => quote(args[i].name)),
    warn,
  );
}

/** A JSON item: `{action, args}`, its args as the words of a line, or the named form. */
const readJson = (value: unknown): Parsed =>
  attempt((warn) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(JSON_FORM);
    const o = value as Record<string, unknown>;
    if (Object.hasOwn(o, 'type')) return readNamed(o, warn);
    const extra = Object.keys(o).find((k) => k !== 'action' && k !== 'args');
    if (extra !== undefined) fail(`unexpected field ${quote(extra)}: ${JSON_FORM}`);
    if (typeof o.action !== 'string') fail(`"action" is missing or not a string: ${JSON_FORM}`);
    const args = o.args ?? [];
    if (!Array.isArray(args)) return fail(`"args" is not an array: ${JSON_FORM}`);
    return read(
      o.action as string,
      jsonWords(args, (i) => `argument ${i + 1}`),
      warn,
    );
  });

/**
 * Never throws. Text: one action a line, `#` comment lines and blank lines skipped, a trailing `;`
 * ignored. A text starting with `[` is a JSON array of actions (its `line` = position). A line (or
 * item) that cannot be read, or beyond the 50th action, gives an error and an unreadable order.
 */
export function parseOrders(text: string): ParsedOrders<GtOrder> {
  const orders: GtOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  /** Past the limit an action is not even read. */
  const take = (line: number, written: string, parse: () => Parsed) => {
    const result = orders.length < ACTION_LIMIT ? parse() : { error: LIMIT_MESSAGE };
    if ('error' in result) {
      diagnostics.push({ line, severity: 'error', message: result.error });
      orders.push({ action: 'unreadable', text: echo(written, ECHO_LENGTH), message: result.error, line });
      return;
    }
    for (const message of result.warnings) diagnostics.push({ line, severity: 'warning', message });
    orders.push({ ...result.order, line });
  };
  readSubmission(text, take, {
    jsonForm: JSON_ACTION,
    readJson,
    readLine,
    bare: (line) => line.replace(/;$/, '').trimEnd(),
  });
  return { orders, diagnostics };
}

/** A name as one word: quoted (with `""` for `"`) unless it reads back alone as itself. */
function token(n: string): string {
  return /^[^\s"]\S*$/.test(n) && !n.endsWith(';') && !LOC.test(n) ? n : `"${n.replace(/"/g, '""')}"`;
}

const ITEM_WORDS: Record<keyof Cargo, string> = { pv: 'PV', pi: 'PI', missiles: 'MISSILES' };

/** The action in the book's written form; parseOrders reads it back as the same order (an unreadable line: as echoed). */
export function formatOrder(o: GtOrder): string {
  const line = (...parts: (string | number | null)[]) =>
    [o.action, ...parts.filter((p) => p !== null)].join(' ');
  switch (o.action) {
    case 'unreadable':
      return o.text;
    case 'CAPITAL':
      return line(formatLoc(o.loc), o.name);
    case 'CLASSIFY':
      return line(o.code, o.name, o.rating);
    case 'DECLASSIFY':
      return line(...o.codes);
    case 'MAP':
      return line(...o.maps.flatMap((m) => [m.type, m.center === null ? null : formatLoc(m.center)]));
    case 'NAME':
      return line(
        ...o.names.flatMap(({ what, name: n }) => [
          what === 'EMPIRE' ? what : 'loc' in what ? formatLoc(what.loc) : what.ship,
          token(n),
        ]),
      );
    case 'SHIPYARD':
      return line(...o.sorts);
    case 'BUILD':
      return line(formatLoc(o.loc), o.code, ...o.names.map(token));
    case 'DOWNGRADE':
      return line(...o.systems.flatMap((s) => [formatLoc(s.loc), s.name === null ? null : token(s.name)]));
    case 'MISSILES':
    case 'RESEARCH':
      return line(...o.spends.flatMap((s) => [formatLoc(s.loc), s.amount]));
    case 'ASSIGN':
    case 'JOIN':
      return line(o.ship, ...o.ships);
    case 'ATTACK':
      return line(o.ship, formatLoc(o.target), o.maxSSD === 0 ? null : o.maxSSD);
    case 'CHART':
    case 'SECURE':
    case 'TO':
    case 'DESTROY':
      return line(...o.moves.flatMap((m) => [m.ship, formatLoc(m.target)]));
    case 'COLONIZE':
    case 'DEVELOP':
      return line(o.ship, formatLoc(o.target), o.name);
    case 'COMBAT':
    case 'STANDING':
      return line(o.ship, o.controls.drone, o.controls.p, o.controls.t, o.controls.minSSD);
    case 'DEFEND':
    case 'DETACH':
    case 'PATROL':
    case 'REFIT':
    case 'RELOAD':
    case 'REPAIR':
    case 'SCRAP':
      return line(...o.ships);
    case 'LOAD':
    case 'UNLOAD':
      return line(o.ship, ...o.items.flatMap((i) => [i.amount, ITEM_WORDS[i.item]]));
    case 'SCOUT':
    case 'SENTRY':
    case 'SHUTTLE':
      return line(o.ship, ...o.stops.map(formatLoc));
    case 'TOW':
      return line(o.tower, o.towed, formatLoc(o.target));
    case 'TRANSFER':
      return line(o.from, o.to, o.amount, ITEM_WORDS[o.item]);
  }
}
