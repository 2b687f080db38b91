import type { Diagnostic, OrderArgSpec, OrderTypeSpec, ParsedOrders } from '@warpgate/engine';
import { echo } from '../printout';
import { attempt, fail } from '../reading';
import { readSubmission } from '../submission';
import { locId, parseLoc, type LocId } from './hex';
import { validateEmpireName } from './setup';
import type {
  Alloc,
  FleetId,
  FleetStance,
  GdOrder,
  OrderType,
  PlanetStance,
  TradeItem,
  UnitPick,
  UnitRef,
} from './state';
import {
  ENCOUNTER_CARDS,
  HULLS,
  isTacticsCard,
  STIMULUS_CARDS,
  TACTICS_CARDS,
  UNIT_TYPES,
  unitTypeByName,
  type UnitType,
} from './tables';

/**
 * The order parser (digest §4.1, §4.2): the written syntax, one order a line, or a JSON array of
 * `{"type": "move", "fleet": "F1", "path": ["2,3", "3,3", null]}`, its fields named by ORDER_TYPES
 * (a list field is a JSON array, or a string in the written syntax, as a web form sends it). Only
 * the form is checked here; what the state allows is checked when the orders are checked and run.
 */

/** Lines beyond this (blank and comment lines not counted) are rejected: more than any turn needs. */
export const ORDER_LIMIT = 200;
export const LIMIT_MESSAGE = `order limit: ${ORDER_LIMIT} orders a turn`;
/** How much of an unreadable line the report echoes. */
export const ECHO_LENGTH = 60;
/** The largest count of units in one order, and of Stellars in one trade item. */
export const MAX_COUNT = 999;
export const MAX_CASH = 1_000_000;
/** A path has at most one entry per segment of the longest chart (§6.2). */
export const MAX_PATH = 6;
/** More than any order takes: reading stops there. */
const MAX_WORDS = 128;
const MAX_ROUNDS = 50;

/** A field as quoted in a message: hostile input must not make huge messages. */
const quote = (field: string) => JSON.stringify(echo(field, 25));

// ---- Words ----

function fleetId(word: string): FleetId {
  const m = /^F([1-9]\d{0,2})$/i.exec(word);
  return m ? `F${m[1]}` : fail(`${quote(word)} is not a fleet (F1, F2 …)`);
}

function loc(word: string): LocId {
  const l = parseLoc(word.toLowerCase());
  return l ? locId(l, l.half) : fail(`${quote(word)} is not a location (q,r or q,r/a, q,r/b)`);
}

/** A decimal whole number from `min` to `max`. */
function whole(word: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(word)) return fail(`${what} ${quote(word)} is not a whole number`);
  const n = Number(word);
  if (n > max) return fail(`${what} ${quote(word)} is too large (at most ${max})`);
  return n >= min ? n : fail(`${what} ${quote(word)} is less than ${min}`);
}

const count = (word: string, what = 'count') => whole(word, what, 1, MAX_COUNT);

function unitType(word: string, allowed: readonly UnitType[] = UNIT_TYPES): UnitType {
  const type = unitTypeByName(word);
  return type && allowed.includes(type) ? type : fail(`${quote(word)} is not one of ${allowed.join(', ')}`);
}

function unitRef(word: string): UnitRef {
  const m = /^([A-Za-z]+)(\d+)$/.exec(word) ?? fail(`${quote(word)} is not a unit (BB1, TT2 …)`);
  return { type: unitType(m[1]), number: whole(m[2], 'unit number', 1, 9999) };
}

function unitPick(word: string): UnitPick {
  const m = /^([A-Za-z]+)\*(\d+)$/.exec(word);
  return m ? { type: unitType(m[1]), count: count(m[2]) } : unitRef(word);
}

const formatPick = (p: UnitPick) => ('count' in p ? `${p.type}*${p.count}` : `${p.type}${p.number}`);

function tacticsCard(word: string): string {
  const card = word.toUpperCase();
  return isTacticsCard(card) ? card : fail(`${quote(word)} is not a Tactics card`);
}

function empire(word: string): string {
  const error = validateEmpireName(word, []);
  return error ? fail(`${quote(word)} is not an empire name`) : word;
}

/** One of `words`, in any case, returned as written in `words`. */
function keyword<W extends string>(word: string, words: readonly W[], what: string): W {
  const w = word.toUpperCase();
  return (
    words.find((k) => k.toUpperCase() === w) ??
    fail(`${what} ${quote(word)} is not one of ${words.join(', ')}`)
  );
}

const YES_NO = ['yes', 'no'] as const;
const yesNo = (word: string, what: string) => keyword(word, YES_NO, what) === 'yes';

/** `n TYPE` or `nTYPE` or `TYPE` (§4.1 EF). */
function unitCount(written: string): [UnitType, number] {
  const item = written.trim();
  const m = /^(\d*)\s*([A-Za-z]+)$/.exec(item) ?? fail(`${quote(item)} is not "2 CA" or "BB"`);
  return [unitType(m[2]), m[1] === '' ? 1 : count(m[1])];
}

// ---- Orders ----

/** EF units: items separated by commas, each type once. */
function unitCounts(text: string): Partial<Record<UnitType, number>> {
  const units: Partial<Record<UnitType, number>> = {};
  for (const item of text.split(',')) {
    const [type, n] = unitCount(item);
    if (units[type] !== undefined) fail(`${type} is named twice in one fleet`);
    units[type] = n;
  }
  return units;
}

/** In the order written, so that the order reads back field for field. */
const formatCounts = (units: Partial<Record<UnitType, number>>) =>
  (Object.entries(units) as [UnitType, number][]).map(([t, n]) => (n === 1 ? t : `${n} ${t}`)).join(', ');

function tradeItem(word: string): TradeItem {
  const cash = /^\$(.*)$/.exec(word);
  if (cash) return { kind: 'cash', amount: whole(cash[1], 'amount', 1, MAX_CASH) };
  const m =
    /^(chit|utc):(.*)$/i.exec(word) ?? fail(`${quote(word)} is not chit:BoB, chit:RR, utc:<card> or $n`);
  if (m[1].toLowerCase() === 'utc') return { kind: 'card', card: tacticsCard(m[2]) };
  return { kind: 'chit', chit: keyword(m[2], ['BoB', 'RR'] as const, 'chit') };
}

const formatItem = (i: TradeItem) =>
  i.kind === 'cash' ? `$${i.amount}` : i.kind === 'chit' ? `chit:${i.chit}` : `utc:${i.card}`;

const TRIGGERS = ['phase', 'battleStart', 'roundStart', 'stimulusDrawn', 'encounter', 'enemyPlays'] as const;
const TRIGGER_PHASES = ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;

/** A PLAY trigger (§8.2), as `kind:value`. */
function trigger(word: string): string {
  const m = /^([A-Za-z]+):(.+)$/.exec(word) ?? fail(`${quote(word)} is not a trigger (e.g. battleStart:F1)`);
  const kind = keyword(m[1], TRIGGERS, 'trigger');
  const v = m[2];
  const value = (() => {
    switch (kind) {
      case 'phase':
        return keyword(v, TRIGGER_PHASES, 'phase');
      case 'battleStart':
        return /^F/i.test(v) ? fleetId(v) : loc(v);
      case 'roundStart':
        return String(whole(v, 'round', 1, MAX_ROUNDS));
      case 'stimulusDrawn':
        return keyword(v, ['any', ...STIMULUS_CARDS], 'Stimulus card');
      case 'encounter':
        return keyword(v, ENCOUNTER_CARDS, 'encounter');
      case 'enemyPlays':
        return v.toLowerCase() === 'any' ? 'any' : tacticsCard(v);
    }
  })();
  return `${kind}:${value}`;
}

/** How each PLAY parameter (TACTICS_CARDS params) is read, as its canonical text. */
const PARAMS: Record<string, (value: string) => string> = {
  fleet: fleetId,
  ships: (v) =>
    v
      .split(',')
      .map((w) => formatPick(unitRef(w)))
      .join(','),
  player: empire,
  at: loc,
  planet: loc,
  wants: (v) => v.split(',').map(tacticsCard).join(','),
};

function params(card: string, words: string[]): Record<string, string> {
  const allowed = TACTICS_CARDS[card].params;
  const out: Record<string, string> = {};
  for (const word of words) {
    const m = /^([A-Za-z]+)=(.+)$/.exec(word) ?? fail(`${quote(word)} is not a parameter (name=value)`);
    const key = allowed.find((k) => k === m[1].toLowerCase());
    if (key === undefined)
      fail(
        `${card} takes ${allowed.length === 0 ? 'no parameters' : allowed.map((k) => `${k}=`).join(', ')}`,
      );
    else if (Object.hasOwn(out, key)) fail(`${key} is given twice`);
    else out[key] = PARAMS[key](m[2]);
  }
  return out;
}

/** The stance fields (§4.2), read from `name=value`. */
const STANCE_FIELDS: { [K in keyof FleetStance]: { values: string[]; read: (v: string) => FleetStance[K] } } =
  {
    neutral: {
      values: ['fight', 'leave', 'auto'],
      read: (v) => keyword(v, ['fight', 'leave', 'auto'] as const, 'neutral'),
    },
    invade: { values: [...YES_NO], read: (v) => yesNo(v, 'invade') },
    occupy: { values: [...YES_NO], read: (v) => yesNo(v, 'occupy') },
    continueAfterBattle: { values: [...YES_NO], read: (v) => yesNo(v, 'continueAfterBattle') },
    alloc: { values: ['minLoss', 'priority:Ftr,TT,FF,DD,CV,CA,GS,RA,BB'], read: alloc },
    allyPreference: {
      values: ['weaker', 'stronger', 'none'],
      read: (v) => keyword(v, ['weaker', 'stronger', 'none'] as const, 'allyPreference'),
    },
    specialShip: { values: ['BB', 'CV'], read: (v) => keyword(v, ['BB', 'CV'] as const, 'specialShip') },
    captureSY: {
      values: ['keep', 'destroy'],
      read: (v) => keyword(v, ['keep', 'destroy'] as const, 'captureSY'),
    },
  };
const PLANET_FIELDS: {
  [K in keyof PlanetStance]: { values: string[]; read: (v: string) => PlanetStance[K] };
} = {
  defenseMode: {
    values: ['orbital', 'space'],
    read: (v) => keyword(v, ['orbital', 'space'] as const, 'defenseMode'),
  },
  scuttleSY: { values: [...YES_NO], read: (v) => yesNo(v, 'scuttleSY') },
};

function alloc(v: string): Alloc {
  if (v.toLowerCase() === 'minloss') return { policy: 'minLoss' };
  const m = /^priority:(.+)$/i.exec(v) ?? fail(`alloc ${quote(v)} is not minLoss or priority:<types>`);
  const types = m[1].split(',').map((t) => unitType(t));
  if (new Set(types).size !== types.length) fail('a type is named twice in the priority');
  return { policy: 'priority', types };
}

const formatAlloc = (a: Alloc) => (a.policy === 'minLoss' ? 'minLoss' : `priority:${a.types.join(',')}`);

/** `name=value` words into the fields of a stance; at least one. */
function fields<T extends object>(
  specs: { [K in keyof T]: { read: (v: string) => T[K] } },
  words: string[],
  what: string,
): Partial<T> {
  if (words.length === 0) fail(`${what} sets at least one of ${Object.keys(specs).join(', ')}`);
  const out: Partial<T> = {};
  for (const word of words) {
    const m = /^([A-Za-z]+)=(.+)$/.exec(word) ?? fail(`${quote(word)} is not name=value`);
    const key = (Object.keys(specs) as (keyof T & string)[]).find(
      (k) => k.toLowerCase() === m[1].toLowerCase(),
    );
    if (key === undefined) return fail(`${quote(m[1])} is not one of ${Object.keys(specs).join(', ')}`);
    if (Object.hasOwn(out, key)) fail(`${key} is given twice`);
    out[key] = specs[key].read(m[2]);
  }
  return out;
}

const formatField = (value: unknown): string =>
  typeof value === 'boolean'
    ? value
      ? 'yes'
      : 'no'
    : typeof value === 'object'
      ? formatAlloc(value as Alloc)
      : String(value);

const formatFields = (set: object) => Object.entries(set).map(([k, v]) => `${k}=${formatField(v)}`);

/** Words must match `expected` (keywords in any case) at the given positions. */
function want(words: string[], at: number, word: string, usage: string) {
  if (words[at]?.toUpperCase() !== word) fail(`expected ${word}: ${usage}`);
}

/** The types that leave incomplete hulls (§6.5). */
const HULL_TYPES = UNIT_TYPES.filter((t) => HULLS[t] !== undefined);

/** Ships, carriers and planetary units a BUILD may buy (§6.5): no ODS, BBX only by card, PC only for CP. */
const BUILDABLE = UNIT_TYPES.filter((t) => t !== 'ODS' && t !== 'BBX' && t !== 'PC');

// ---- The order types ----

type Fields = Record<string, unknown>;
type Order = GdOrder;

interface Spec {
  code: string;
  args: OrderArgSpec[];
  help: string;
  example: string;
  /** The words after the keyword, and the raw text after it (for orders with their own punctuation). */
  read: (words: string[], rest: string) => Order;
  /** The JSON fields (checked to be present and scalar or listed) as the text after the keyword. */
  text: (f: (name: string) => string) => string;
  /** The order as the text after the keyword. */
  format: (o: never) => string;
}

const str = (name: string, help: string, optional = false): OrderArgSpec => ({
  name,
  type: 'string',
  help,
  ...(optional ? { optional: true as const } : {}),
});
const enumArg = (name: string, values: readonly string[], help: string, optional = false): OrderArgSpec => ({
  name,
  type: 'enum',
  values: [...values],
  help,
  ...(optional ? { optional: true as const } : {}),
});
const intArg = (name: string, help: string, optional = false): OrderArgSpec => ({
  name,
  type: 'int',
  min: 1,
  max: MAX_COUNT,
  help,
  ...(optional ? { optional: true as const } : {}),
});

const FLEET_HELP = 'your fleet (F1, F2 …)';
const LOC_HELP = 'location q,r (or q,r/a, q,r/b)';

const usage = (s: string) => `e.g. ${s}`;

/** Exactly `n` words. */
function arity(words: string[], n: number, example: string) {
  if (words.length !== n) fail(`${words.length < n ? 'too few' : 'too many'} words: ${usage(example)}`);
}

/** `a b … : rest` split at the first colon (the colon may touch either word). */
function colon(rest: string, example: string): [string, string] {
  const i = rest.indexOf(':');
  if (i < 0) fail(`a colon is missing: ${usage(example)}`);
  return [rest.slice(0, i), rest.slice(i + 1)];
}

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

const SPECS: Record<OrderType, Spec> = {
  ef: {
    code: 'EF',
    args: [str('fleets', 'each fleet: its id, a colon and its units; fleets apart by ";"')],
    help: 'Turn 1: your Exploration Fleet(s), worth up to $32 together (the rest is paid in $); each CV with 4+ Ftr, MI within carrier room',
    example: 'EF F1: BB, 2 CA, 2 TT, 7 MI',
    read: (_, rest) => {
      const parts = rest.split(';').filter((p) => p.trim() !== '');
      if (parts.length === 0) fail(`no fleet: ${usage('EF F1: BB, 2 CA, 2 TT, 7 MI')}`);
      if (parts.length > 9) fail('at most 9 Exploration Fleets');
      return {
        type: 'ef',
        fleets: parts.map((p) => {
          const [id, units] = colon(p, 'EF F1: BB, 2 CA; F2: TT, 3 MI');
          return { id: fleetId(id.trim()), units: unitCounts(units) };
        }),
      };
    },
    text: (f) => f('fleets'),
    format: (o: Extract<Order, { type: 'ef' }>) =>
      o.fleets.map((x) => `${x.id}: ${formatCounts(x.units)}`).join('; '),
  },
  tradeIn: {
    code: 'TRADEIN',
    args: [str('cards', 'two Tactics cards of your hand')],
    help: 'Phase C: discard two Tactics cards to draw one',
    example: 'TRADEIN TC BENEVOLENCE GALACTIC_SPIRIT',
    read: (w) => {
      arity(w, 3, 'TRADEIN TC BENEVOLENCE GALACTIC_SPIRIT');
      want(w, 0, 'TC', usage('TRADEIN TC BENEVOLENCE GALACTIC_SPIRIT'));
      return { type: 'tradeIn', cards: [tacticsCard(w[1]), tacticsCard(w[2])] };
    },
    text: (f) => `TC ${f('cards')}`,
    format: (o: Extract<Order, { type: 'tradeIn' }>) => `TC ${o.cards.join(' ')}`,
  },
  offer: {
    code: 'OFFER',
    args: [
      { name: 'to', type: 'player', help: 'the empire offered to' },
      str('give', 'what you give: chit:BoB, chit:RR, utc:<card>, $n'),
      str('get', 'what you ask for (optional)', true),
    ],
    help: 'Phase E: offer a trade of chits, unique Tactics cards in play and $; it may be accepted next turn',
    example: 'OFFER Vega GIVE chit:BoB FOR $5',
    read: (w) => {
      const example = 'OFFER Vega GIVE chit:BoB FOR $5';
      if (w.length < 3) fail(`too few words: ${usage(example)}`);
      want(w, 1, 'GIVE', usage(example));
      const split = w.findIndex((x, i) => i > 1 && x.toUpperCase() === 'FOR');
      const give = (split < 0 ? w.slice(2) : w.slice(2, split)).map(tradeItem);
      const get = split < 0 ? [] : w.slice(split + 1).map(tradeItem);
      if (give.length === 0) fail(`nothing given: ${usage(example)}`);
      if (split >= 0 && get.length === 0) fail(`nothing after FOR: ${usage(example)}`);
      return { type: 'offer', to: empire(w[0]), give, get };
    },
    text: (f) => `${f('to')} GIVE ${f('give')}${f('get') === '' ? '' : ` FOR ${f('get')}`}`,
    format: (o: Extract<Order, { type: 'offer' }>) =>
      `${o.to} GIVE ${o.give.map(formatItem).join(' ')}${o.get.length ? ` FOR ${o.get.map(formatItem).join(' ')}` : ''}`,
  },
  accept: {
    code: 'ACCEPT',
    args: [str('offer', 'the offer made to you last turn (O1, O2 …)')],
    help: 'Phase E: accept an offer made to you last turn',
    example: 'ACCEPT O3',
    read: (w) => {
      arity(w, 1, 'ACCEPT O3');
      const m = /^O([1-9]\d{0,5})$/i.exec(w[0]) ?? fail(`${quote(w[0])} is not an offer (O1, O2 …)`);
      return { type: 'accept', offer: `O${m[1]}` };
    },
    text: (f) => f('offer'),
    format: (o: Extract<Order, { type: 'accept' }>) => o.offer,
  },
  place: {
    code: 'PLACE',
    args: [
      str('build', 'a unit bought last turn (B1, B2 …)'),
      str('at', LOC_HELP),
      str('fleet', 'a fleet there to join, or NEW (optional)', true),
    ],
    help: 'Phase F: where a unit bought last turn appears (ships at an own SY, MI and GBDS on an own planet)',
    example: 'PLACE B4 AT 3,2/a FLEET F2',
    read: (w) => {
      const example = 'PLACE B4 AT 3,2/a FLEET F2';
      if (w.length !== 3 && w.length !== 5) fail(`wrong number of words: ${usage(example)}`);
      const m = /^B([1-9]\d{0,5})$/i.exec(w[0]) ?? fail(`${quote(w[0])} is not a unit bought (B1, B2 …)`);
      want(w, 1, 'AT', usage(example));
      if (w.length === 5) want(w, 3, 'FLEET', usage(example));
      const fleet = w.length === 5 ? (w[4].toUpperCase() === 'NEW' ? 'NEW' : fleetId(w[4])) : null;
      return { type: 'place', build: `B${m[1]}`, at: loc(w[2]), fleet };
    },
    text: (f) => `${f('build')} AT ${f('at')}${f('fleet') === '' ? '' : ` FLEET ${f('fleet')}`}`,
    format: (o: Extract<Order, { type: 'place' }>) =>
      `${o.build} AT ${o.at}${o.fleet ? ` FLEET ${o.fleet}` : ''}`,
  },
  split: {
    code: 'FLEET',
    args: [
      str('fleet', 'the new fleet (F1, F2 …)'),
      str('from', 'the fleet the units leave'),
      str('units', 'units by type and number (BB1), or a count of a type (MI*2)'),
    ],
    help: 'Phases F and G: form a new fleet from units of a fleet; carried units follow by count',
    example: 'FLEET F4 FROM F1: BB1 TT2 MI*2',
    read: (_, rest) => {
      const example = 'FLEET F4 FROM F1: BB1 TT2 MI*2';
      const [head, tail] = colon(rest, example);
      const w = words(head);
      arity(w, 3, example);
      want(w, 1, 'FROM', usage(example));
      const units = words(tail).map(unitPick);
      if (units.length === 0) fail(`no units: ${usage(example)}`);
      const [fleet, from] = [fleetId(w[0]), fleetId(w[2])];
      if (fleet === from) fail('a fleet cannot be split into itself');
      return { type: 'split', fleet, from, units };
    },
    text: (f) => `${f('fleet')} FROM ${f('from')}: ${f('units')}`,
    format: (o: Extract<Order, { type: 'split' }>) =>
      `${o.fleet} FROM ${o.from}: ${o.units.map(formatPick).join(' ')}`,
  },
  merge: {
    code: 'MERGE',
    args: [str('fleet', 'the fleet that joins'), str('into', 'the fleet it joins')],
    help: 'Phases F and G: join a fleet to another at the same location',
    example: 'MERGE F4 INTO F1',
    read: (w) => {
      arity(w, 3, 'MERGE F4 INTO F1');
      want(w, 1, 'INTO', usage('MERGE F4 INTO F1'));
      const [fleet, into] = [fleetId(w[0]), fleetId(w[2])];
      if (fleet === into) fail('a fleet cannot merge into itself');
      return { type: 'merge', fleet, into };
    },
    text: (f) => `${f('fleet')} INTO ${f('into')}`,
    format: (o: Extract<Order, { type: 'merge' }>) => `${o.fleet} INTO ${o.into}`,
  },
  move: {
    code: 'MOVE',
    args: [str('fleet', FLEET_HELP), str('path', 'one entry per movement opportunity: q,r or - to stay')],
    help: 'Phase G: the path, one step per movement opportunity of the fleet’s speed (- stays put; a split hex’s half is named q,r/a or q,r/b)',
    example: 'MOVE F1 2,3 3,3 -',
    read: (w) => {
      if (w.length < 2) fail(`no path: ${usage('MOVE F1 2,3 3,3 -')}`);
      if (w.length - 1 > MAX_PATH) fail(`too many steps: at most ${MAX_PATH}`);
      return { type: 'move', fleet: fleetId(w[0]), path: w.slice(1).map((x) => (x === '-' ? null : loc(x))) };
    },
    text: (f) => `${f('fleet')} ${f('path')}`,
    format: (o: Extract<Order, { type: 'move' }>) => `${o.fleet} ${o.path.map((x) => x ?? '-').join(' ')}`,
  },
  embark: {
    code: 'EMBARK',
    args: [str('fleet', FLEET_HELP), intArg('count', 'MI taken aboard'), str('planet', 'your planet there')],
    help: 'Phase G, transfer segment: MI of the garrison board the fleet (Homeguard MI never move)',
    example: 'EMBARK F1 MI 2 FROM 3,2/a',
    read: (w) => carry('embark', 'FROM', w),
    text: (f) => `${f('fleet')} MI ${f('count')} FROM ${f('planet')}`,
    format: (o: Extract<Order, { type: 'embark' | 'disembark' }>) =>
      `${o.fleet} MI ${o.count} FROM ${o.planet}`,
  },
  disembark: {
    code: 'DISEMBARK',
    args: [str('fleet', FLEET_HELP), intArg('count', 'MI landed'), str('planet', 'your planet there')],
    help: 'Phase G, transfer segment: MI of the fleet join the planet’s garrison',
    example: 'DISEMBARK F1 MI 2 TO 3,2/a',
    read: (w) => carry('disembark', 'TO', w),
    text: (f) => `${f('fleet')} MI ${f('count')} TO ${f('planet')}`,
    format: (o: Extract<Order, { type: 'embark' | 'disembark' }>) =>
      `${o.fleet} MI ${o.count} TO ${o.planet}`,
  },
  bombard: {
    code: 'BOMBARD',
    args: [
      str('fleet', FLEET_HELP),
      str('unit', 'a BB of the fleet (BB2)'),
      str('planet', 'the planet there'),
    ],
    help: 'Phase G: a BB that has not fought this turn fires on the planet’s MI instead (d6 1–2 kills one)',
    example: 'BOMBARD F1.BB2 4,3',
    read: (w) => {
      arity(w, 2, 'BOMBARD F1.BB2 4,3');
      const [f, u] = w[0].split('.');
      const unit = unitRef(u ?? fail(`${quote(w[0])} is not fleet.unit (F1.BB2)`));
      if (unit.type !== 'BB') fail('only a BB bombards');
      return { type: 'bombard', fleet: fleetId(f), unit, planet: loc(w[1]) };
    },
    text: (f) => `${f('fleet')}.${f('unit')} ${f('planet')}`,
    format: (o: Extract<Order, { type: 'bombard' }>) => `${o.fleet}.${formatPick(o.unit)} ${o.planet}`,
  },
  buy: {
    code: 'BUY',
    args: [enumArg('card', ['TC', 'RISK'], 'a Tactics card or a Risk card, $10')],
    help: 'Phase I: buy a Tactics card or a Risk card for $10 (one of each a turn)',
    example: 'BUY TC',
    read: (w) => {
      arity(w, 1, 'BUY TC');
      return { type: 'buy', card: keyword(w[0], ['TC', 'RISK'] as const, 'card') };
    },
    text: (f) => f('card'),
    format: (o: Extract<Order, { type: 'buy' }>) => o.card,
  },
  build: {
    code: 'BUILD',
    args: [
      enumArg('unit', BUILDABLE, 'the unit type'),
      intArg('count', 'how many (1 if blank)', true),
      intArg('fighters', 'Ftr bought with a CV (optional)', true),
      str('at', 'your SY location (ships, Ftr) or planet (MI, GBDS, SY)'),
    ],
    help: 'Phase J, in priority order: buy units, placed in phase F of next turn',
    example: 'BUILD CV WITH Ftr 4 AT 3,2/a x2',
    read: (w) => {
      const example = 'BUILD BB AT 3,2/a x2';
      if (w.length === 0) fail(`no unit: ${usage(example)}`);
      const unit = unitType(w[0], BUILDABLE);
      let i = 1;
      let n: number | null = w[i] !== undefined && /^\d+$/.test(w[i]) ? count(w[i++]) : null;
      let fighters = 0;
      if (w[i]?.toUpperCase() === 'WITH') {
        if (unit !== 'CV') fail('only a CV is built WITH Ftr');
        if (w[i + 1]?.toUpperCase() !== 'FTR') fail(`expected Ftr: ${usage('BUILD CV WITH Ftr 4 AT 3,2/a')}`);
        fighters = count(w[i + 2] ?? fail('how many Ftr?'), 'Ftr');
        i += 3;
      }
      want(w, i, 'AT', usage(example));
      const at = loc(w[i + 1] ?? fail(`no location: ${usage(example)}`));
      i += 2;
      if (w[i] !== undefined) {
        const m = /^x(.*)$/i.exec(w[i]) ?? fail(`${quote(w[i])} is not a count (x2)`);
        if (n !== null) fail('the count is given twice');
        n = count(m[1]);
        i += 1;
      }
      if (w[i] !== undefined) fail(`too many words: ${usage(example)}`);
      return { type: 'build', unit, count: n ?? 1, fighters, at };
    },
    text: (f) =>
      `${f('unit')}${f('fighters') === '' ? '' : ` WITH Ftr ${f('fighters')}`} AT ${f('at')}${f('count') === '' ? '' : ` x${f('count')}`}`,
    format: (o: Extract<Order, { type: 'build' }>) =>
      `${o.unit}${o.fighters > 0 ? ` WITH Ftr ${o.fighters}` : ''} AT ${o.at}${o.count > 1 ? ` x${o.count}` : ''}`,
  },
  finish: {
    code: 'FINISH',
    args: [str('unit', 'an incomplete hull of yours (CA3)'), str('at', 'your SY location where it is')],
    help: 'Phase J, in priority order with BUILD: pay to finish an incomplete hull at your SY (§6.5)',
    example: 'FINISH CA3 AT 3,2/a',
    read: (w) => {
      const example = 'FINISH CA3 AT 3,2/a';
      arity(w, 3, example);
      const unit = unitRef(w[0]);
      if (HULLS[unit.type] === undefined) fail(`only a ship is finished: ${HULL_TYPES.join(', ')}`);
      want(w, 1, 'AT', usage(example));
      return { type: 'finish', unit, at: loc(w[2]) };
    },
    text: (f) => `${f('unit')} AT ${f('at')}`,
    format: (o: Extract<Order, { type: 'finish' }>) => `${formatPick(o.unit)} AT ${o.at}`,
  },
  play: {
    code: 'PLAY',
    args: [
      enumArg('card', Object.keys(TACTICS_CARDS), 'a Tactics card of your hand'),
      str('params', 'name=value for the card (fleet=, ships=, player=, at=, planet=, wants=)', true),
      str(
        'when',
        'a trigger: phase:<B..J>, battleStart:<fleet or location>, roundStart:n, stimulusDrawn:<card or any>, encounter:<type>, enemyPlays:<card or any>',
        true,
      ),
    ],
    help: 'Play a Tactics card, at once or when its trigger comes',
    example: 'PLAY SUPERIOR_MANEUVERS fleet=F1 ships=BB1,CA1,CA2 WHEN battleStart:F1',
    read: (w) => {
      if (w.length === 0) fail(`no card: ${usage('PLAY GALACTIC_SPIRIT')}`);
      const card = tacticsCard(w[0]);
      const at = w.findIndex((x) => x.toUpperCase() === 'WHEN');
      if (at >= 0 && at !== w.length - 2)
        fail(`WHEN takes one trigger at the end: ${usage('PLAY BENEVOLENCE player=Vega WHEN phase:F')}`);
      return {
        type: 'play',
        card,
        params: params(card, w.slice(1, at < 0 ? undefined : at)),
        when: at < 0 ? null : trigger(w[at + 1]),
      };
    },
    text: (f) => `${f('card')} ${f('params')}${f('when') === '' ? '' : ` WHEN ${f('when')}`}`,
    format: (o: Extract<Order, { type: 'play' }>) =>
      [
        o.card,
        ...Object.entries(o.params).map(([k, v]) => `${k}=${v}`),
        ...(o.when ? ['WHEN', o.when] : []),
      ].join(' '),
  },
  discovery: {
    code: 'DISCOVERY',
    args: [str('at', LOC_HELP)],
    help: 'Turns 4–6, with discovery hexes: where your discovery counter goes',
    example: 'DISCOVERY AT 5,3',
    read: (w) => {
      arity(w, 2, 'DISCOVERY AT 5,3');
      want(w, 0, 'AT', usage('DISCOVERY AT 5,3'));
      return { type: 'discovery', at: loc(w[1]) };
    },
    text: (f) => `AT ${f('at')}`,
    format: (o: Extract<Order, { type: 'discovery' }>) => `AT ${o.at}`,
  },
  stance: {
    code: 'STANCE',
    args: [
      str('fleet', 'a fleet, or DEFAULT for all fleets without their own'),
      ...(Object.keys(STANCE_FIELDS) as (keyof FleetStance)[]).map((k) =>
        enumArg(k, STANCE_FIELDS[k].values, `${k} (blank: unchanged)`, true),
      ),
    ],
    help: 'A fleet’s standing stance (neutral=fight|leave|auto, invade, occupy, continueAfterBattle=yes|no, alloc=minLoss|priority:<types>, allyPreference, specialShip, captureSY)',
    example: 'STANCE F1 neutral=fight alloc=priority:Ftr,TT,FF',
    read: (w) => {
      if (w.length === 0) fail(`no fleet: ${usage('STANCE F1 neutral=fight')}`);
      const fleet = w[0].toUpperCase() === 'DEFAULT' ? null : fleetId(w[0]);
      return { type: 'stance', fleet, set: fields<FleetStance>(STANCE_FIELDS, w.slice(1), 'STANCE') };
    },
    text: (f) =>
      [
        f('fleet'),
        ...(Object.keys(STANCE_FIELDS) as string[]).filter((k) => f(k) !== '').map((k) => `${k}=${f(k)}`),
      ].join(' '),
    format: (o: Extract<Order, { type: 'stance' }>) =>
      [o.fleet ?? 'DEFAULT', ...formatFields(o.set)].join(' '),
  },
  planet: {
    code: 'PLANET',
    args: [
      str('at', 'your planet'),
      enumArg(
        'defenseMode',
        PLANET_FIELDS.defenseMode.values,
        'orbital or space battle (blank: unchanged)',
        true,
      ),
      enumArg(
        'scuttleSY',
        PLANET_FIELDS.scuttleSY.values,
        'scuttle its SY if it falls (blank: unchanged)',
        true,
      ),
    ],
    help: 'A planet’s stance: fight in orbit or in space first, scuttle its SY if it falls',
    example: 'PLANET 3,2/a defenseMode=space scuttleSY=yes',
    read: (w) => {
      if (w.length === 0) fail(`no planet: ${usage('PLANET 3,2/a defenseMode=space')}`);
      return {
        type: 'planet',
        at: loc(w[0]),
        set: fields<PlanetStance>(PLANET_FIELDS, w.slice(1), 'PLANET'),
      };
    },
    text: (f) =>
      [
        f('at'),
        ...(Object.keys(PLANET_FIELDS) as string[]).filter((k) => f(k) !== '').map((k) => `${k}=${f(k)}`),
      ].join(' '),
    format: (o: Extract<Order, { type: 'planet' }>) => [o.at, ...formatFields(o.set)].join(' '),
  },
};

/** EMBARK and DISEMBARK: `F1 MI 2 FROM|TO <planet>`. */
function carry(type: 'embark' | 'disembark', word: 'FROM' | 'TO', w: string[]): Order {
  const example = `${type.toUpperCase()} F1 MI 2 ${word} 3,2/a`;
  arity(w, 5, example);
  want(w, 1, 'MI', usage(example));
  want(w, 3, word, usage(example));
  return { type, fleet: fleetId(w[0]), count: count(w[2]), planet: loc(w[4]) };
}

const ORDER_NAMES = Object.keys(SPECS) as OrderType[];

export const ORDER_TYPES: OrderTypeSpec[] = ORDER_NAMES.map((name) => ({
  code: SPECS[name].code,
  name,
  args: SPECS[name].args,
  help: SPECS[name].help,
  example: SPECS[name].example,
}));

/** The order a keyword names, in any case. */
const byCode = (word: string): OrderType | undefined =>
  ORDER_NAMES.find((n) => SPECS[n].code === word.toUpperCase());

type Parsed = { order: Order } | { error: string };

const readLine = (line: string): Parsed =>
  attempt(() => {
    const m = /^(\S+)\s*([\s\S]*)$/.exec(line) as RegExpExecArray;
    const type = byCode(m[1]) ?? fail(`unknown order ${quote(m[1])}`);
    const rest = m[2];
    const w = words(rest);
    if (w.length > MAX_WORDS) fail(`a line has at most ${MAX_WORDS} words`);
    return SPECS[type].read(w, rest);
  });

const JSON_FORM = 'an order is {"type": "move", "fleet": "F1", "path": ["2,3", "3,3", null]}';

/** A JSON field as the text of its place in the line: a word, or a list of words (a string as written). */
function fieldText(value: unknown, name: string, list: boolean): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(`${quote(name)} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (!list && /\s/.test(value.trim())) fail(`${quote(name)} is one word`);
    return value.trim();
  }
  if (list && Array.isArray(value))
    return value.map((v) => (v === null ? '-' : fieldText(v, name, false))).join(' ');
  return fail(`${quote(name)} is not a ${list ? 'list or a string' : 'string or a number'}`);
}

/** Fields whose JSON value may be a list (or an object, for EF fleets and PLAY params). */
const LISTS = new Set(['fleets', 'cards', 'give', 'get', 'units', 'path', 'params']);

/** EF fleets as the digest writes them: `[{"id": "F1", "units": {"BB": 1}}]`. */
function efText(value: unknown): string {
  if (!Array.isArray(value)) return fieldText(value, 'fleets', true);
  return value
    .map((f: unknown) => {
      if (typeof f !== 'object' || f === null || Array.isArray(f))
        return fail('each fleet is {"id": "F1", "units": {"BB": 1}}');
      const { id, units, ...extra } = f as Record<string, unknown>;
      if (Object.keys(extra).length > 0) fail(`unexpected field ${quote(Object.keys(extra)[0])} in a fleet`);
      if (typeof units !== 'object' || units === null || Array.isArray(units))
        return fail('a fleet\'s "units" is {"BB": 1, "CA": 2}');
      const items = Object.entries(units).map(
        ([type, n]) => `${fieldText(n, type, false)} ${fieldText(type, 'unit', false)}`,
      );
      return `${fieldText(id, 'id', false)}: ${items.join(', ')}`;
    })
    .join('; ');
}

/** PLAY params as an object `{"fleet": "F1"}` or the written `fleet=F1 …`. */
function paramsText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fieldText(value, 'params', true);
  return Object.entries(value)
    .map(([k, v]) => `${fieldText(k, 'params', false)}=${fieldText(v, k, false)}`)
    .join(' ');
}

function readJson(value: unknown): Parsed {
  return attempt(() => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(JSON_FORM);
    const o = value as Fields;
    if (typeof o.type !== 'string') return fail(`"type" is missing or not a string: ${JSON_FORM}`);
    const name = ORDER_NAMES.find((n) => n === o.type) ?? fail(`unknown order type ${quote(o.type)}`);
    const spec = SPECS[name];
    const extra = Object.keys(o).find((k) => k !== 'type' && !spec.args.some((a) => a.name === k));
    if (extra !== undefined) fail(`unexpected field ${quote(extra)} in ${name}`);
    const missing = spec.args.find(
      (a) => !a.optional && (o[a.name] === undefined || o[a.name] === null || o[a.name] === ''),
    );
    if (missing) fail(`${quote(missing.name)} is missing in ${name}`);
    const text = spec.text((field) =>
      field === 'fleets'
        ? efText(o.fleets)
        : field === 'params'
          ? paramsText(o.params)
          : fieldText(o[field], field, LISTS.has(field)),
    );
    const w = words(text);
    if (w.length > MAX_WORDS) fail(`an order has at most ${MAX_WORDS} words`);
    return spec.read(w, text);
  });
}

/**
 * Never throws. Text: one order a line, `#` comment lines and blank lines skipped. A text starting
 * with `[` is a JSON array of orders (an order's `line` is its position). A line or item that cannot
 * be read, or beyond the order limit, gives an error and an unreadable order.
 */
export function parseOrders(text: string): ParsedOrders<GdOrder> {
  const orders: GdOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  const take = (line: number, written: string, parse: () => Parsed) => {
    const result = orders.length < ORDER_LIMIT ? parse() : { error: LIMIT_MESSAGE };
    if ('error' in result) {
      diagnostics.push({ line, severity: 'error', message: result.error });
      orders.push({ type: 'unreadable', text: echo(written, ECHO_LENGTH), message: result.error, line });
    } else orders.push({ ...result.order, line } as GdOrder);
  };
  readSubmission(text, take, { jsonForm: JSON_FORM.replace('an order is ', ''), readJson, readLine });
  return { orders, diagnostics };
}

/** The order in the written syntax; parseOrders reads it back as the same order (an unreadable line: as echoed). */
export function formatOrder(o: GdOrder): string {
  if (o.type === 'unreadable') return o.text;
  const spec = SPECS[o.type];
  return `${spec.code} ${(spec.format as (o: GdOrder) => string)(o)}`;
}
