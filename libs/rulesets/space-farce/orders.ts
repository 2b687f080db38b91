import type { Diagnostic, OrderArgSpec, OrderTypeSpec, ParsedOrders } from '@warpgate/engine';
import { echo } from '../printout';
import { attempt, fail } from '../reading';
import { readSubmission } from '../submission';
import { formatDesign, parseDesign, parseSymbol, SYSTEMS, type SystemSymbol } from './design';
import { validateEmpireName } from './setup';
import {
  areaId,
  CRAFT_TYPES,
  MAINTENANCE_ORDER,
  MAX_SYSTEM,
  parseAreaCode,
  parseTechItem,
  TREATIES,
  type AreaId,
  type CraftType,
  type Doctrine,
  type DoctrinePatch,
  type MaintenanceCategory,
  type MineWeapon,
  type PlanetDoctrine,
  type Treaty,
} from './state';

/**
 * The order grammar (digest §4): the book's movement syntax (`TF1: 2 2R -> 2 WP03 -> 3 WP02`) and the
 * digest's Proposed lines for the rest, one order a line; or a JSON array of `{type, ...args}` with the
 * fields ORDER_TYPES names. Each type's syntax is one pattern (SPECS) that reads its text, reads its
 * JSON and writes it back. Only the form is checked here (names, numbers, designs' systems); what the
 * state allows (ownership, funds, caps) is checked when the order runs.
 */

/** Larger quantities are no mistake a player makes; refusing them keeps every number a safe integer. */
export const MAX_QUANTITY = 1_000_000;
/** Order lines read from one submission (blank and comment lines not counted); the rest are refused. */
export const ORDER_LIMIT = 1000;
export const LIMIT_MESSAGE = `order limit: ${ORDER_LIMIT} orders a month`;
/** How much of an unreadable line the report echoes. */
export const ECHO_LENGTH = 60;
/** More than any order takes: reading stops there. */
const MAX_WORDS = 100;
/** §6.5: at most 30 EP a month on research. */
export const MAX_RESEARCH_EP = 30;

export type CargoItem = 'PCF' | 'BP' | 'TRADE' | CraftType;
export type Trigger = 'CONTACT' | 'ARRIVED' | 'LOSSES' | 'WEEK';

/** The orders a conditional may give (§4.2): a TF's weekly orders. */
export type WeeklyOrder =
  | { type: 'move'; tf: string; replace: boolean; from: AreaId | null; route: AreaId[] }
  | { type: 'hold'; tf: string }
  | { type: 'survey'; tf: string; system: number }
  | { type: 'guard'; tf: string; guard: string }
  | { type: 'colonise'; tf: string; ep: number; at: AreaId }
  | { type: 'supply'; tf: string; base: string; mp: number }
  | { type: 'load'; tf: string; item: CargoItem; count: number; at: AreaId | null; ship: string | null }
  | { type: 'unload'; tf: string; item: CargoItem; count: number; at: AreaId };

/**
 * One order as parsed. A builder is a planet area (`2 2H`) or a yard (`BS1`, `BS1.Sy2`); a `guard` an
 * area or a base's name. `setup` marks month 1's infrastructure lines (SETUP, §2.2). A line that could
 * not be read is `unreadable`: always rejected with its message.
 */
export type SfOrder = (
  | { type: 'unreadable'; text: string; message: string }
  | { type: 'strip'; area: AreaId }
  | { type: 'maintOrder'; order: MaintenanceCategory[] }
  | { type: 'mp'; builder: string; ep: number; setup: boolean }
  | { type: 'loadMp'; tf: string; mp: number; at: AreaId }
  | { type: 'colonists'; source: AreaId; ep: number; tf: string }
  | {
      type: 'ship' | 'base';
      builder: string;
      cls: string;
      design: string;
      count: number;
      prepay: boolean;
      setup: boolean;
    }
  | { type: 'pcf'; builder: string; count: number; setup: boolean }
  | { type: 'groundBase'; builder: string; design: string; setup: boolean }
  | { type: 'craft'; builder: string; craft: CraftType; count: number; hold: string | null; setup: boolean }
  | { type: 'packed'; builder: string; bp: number }
  | { type: 'repair'; builder: string; ship: string }
  | { type: 'mine'; builder: string; weapon: MineWeapon; count: number }
  | { type: 'research'; ep: number; queue: string[] | null }
  | { type: 'trade'; empire: string; ep: number; tf: string }
  | { type: 'market' | 'shareMaint' | 'renounce'; empire: string }
  | WeeklyOrder
  | { type: 'split'; tf: string; newTf: string; ships: string[] }
  | { type: 'merge'; tf: string; intoTf: string }
  | { type: 'assign'; ship: string; tf: string }
  | { type: 'flag'; tf: string; ship: string }
  | { type: 'lay'; tf: string; weapon: MineWeapon; count: number; guard: string }
  | { type: 'if'; trigger: Trigger; tf: string | null; n: number | null; then: WeeklyOrder }
  | { type: 'doctrine'; tf: string; set: DoctrinePatch }
  | { type: 'planets'; set: Partial<PlanetDoctrine> }
  | { type: 'protect'; tf: string; ship: string; by: string[] }
  | { type: 'escort'; tf: string; escort: string; charge: string | null }
  | { type: 'priority'; of: string | null; priority: SystemSymbol[] }
  | { type: 'propose' | 'accept'; empire: string; treaty: Treaty }
) & { line?: number };

export type OrderType = Exclude<SfOrder['type'], 'unreadable'>;

// ---- Reading words ----

interface Token {
  text: string;
  /** The whole word was one quoted string: always a name or a design. */
  quoted: boolean;
}

/** A field as quoted in a message: hostile input must not make huge messages. */
const quote = (field: string) => JSON.stringify(echo(field, 25));

/**
 * The words of a line: white space between them; `"…"` (with `""` for `"`) may be all or part of a
 * word (`retreatTo="2 2H"`). `->` is a word of its own, and so is the `:` ending a word (`TF1:`).
 */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const push = (t: Token) => {
    if (tokens.length === MAX_WORDS) fail(`a line has at most ${MAX_WORDS} words`);
    tokens.push(t);
  };
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i])) {
      i++;
      continue;
    }
    let text = '';
    let quotedParts = 0;
    let plain = false;
    while (i < line.length && !/\s/.test(line[i])) {
      if (line[i] !== '"') {
        text += line[i++];
        plain = true;
        continue;
      }
      for (;;) {
        const end = line.indexOf('"', i + 1);
        if (end < 0) fail('a quote is not closed');
        text += line.slice(i + 1, end);
        i = end + 1;
        if (line[i] !== '"') break;
        text += '"';
      }
      quotedParts++;
    }
    if (quotedParts > 0) {
      push({ text, quoted: !plain && quotedParts === 1 });
      continue;
    }
    // `->` is a word of its own, and so is the `:` after a task force or ending a word (`TF1:2 2H`).
    for (const part of text.split(/(->)/)) {
      const colon = /^((?:TF|NEW)\d+):(.*)$/i.exec(part) ?? /^(.+):()$/.exec(part);
      for (const word of colon ? [colon[1], ':', colon[2]] : [part])
        if (word !== '') push({ text: word, quoted: false });
    }
  }
  return tokens;
}

const upper = (t: Token) => (t.quoted ? '' : t.text.toUpperCase());

/** A decimal whole number from `min` to `max`; `x4` too where a count is written so. */
function whole(t: Token, what: string, min: number, max: number): number {
  const text = t.text.replace(/^x(?=\d)/i, '');
  if (!/^\d+$/.test(text)) return fail(`${what} ${quote(t.text)} is not a whole number`);
  const n = Number(text);
  if (n > max) return fail(`${what} ${quote(t.text)} is too large (at most ${max})`);
  return n >= min ? n : fail(`${what} ${quote(t.text)} is too small (at least ${min})`);
}

/** An area `<system> <code>` (§3.4), written canonically (`02 2h` is `2 2H`). */
function area(s: Token, c: Token): AreaId {
  const system = whole(s, 'system', 1, MAX_SYSTEM);
  const code = parseAreaCode(c.text);
  if (!code || c.quoted)
    fail(`${quote(c.text)} is not an area: a planet (2H, 5Ast), a warp point (WP03) or SURVEY`);
  return areaId(system, code as NonNullable<typeof code>);
}

const TF = /^(TF|NEW)(\d{1,4})$/i;
function tfName(t: Token): string {
  const m = TF.exec(t.text);
  return m && !t.quoted
    ? `${m[1].toUpperCase()}${Number(m[2])}`
    : fail(`${quote(t.text)} is not a task force (TF1, NEW2)`);
}

/** Words a class may not be: they mean something else where a class is written. */
const RESERVED = new Set(['TF', 'NEW', 'MP', 'PCF', 'GB', 'SC', 'BP', 'BASE', 'MINE', 'NPR', 'WP', 'X']);
function cls(t: Token): string {
  const c = t.text.toUpperCase();
  if (!/^[A-Z]{1,4}$/.test(c) || t.quoted) return fail(`class ${quote(t.text)} is not 1 to 4 letters`);
  return RESERVED.has(c) ? fail(`class ${quote(t.text)} is a reserved word`) : c;
}

const SHIP = /^([A-Z]{1,4})(\d{1,4})$/i;
/** A ship or base by its name (§6.3: the class and a number, `DD4`). */
function ship(t: Token): string {
  const m = SHIP.exec(t.text);
  if (!m || t.quoted || RESERVED.has(m[1].toUpperCase()))
    return fail(`${quote(t.text)} is not a ship (a class and a number, e.g. DD4)`);
  return `${m[1].toUpperCase()}${Number(m[2])}`;
}

/** A yard: a ship or base, with the Sy that builds (`BS1.Sy2`) or without. */
function yard(t: Token): string {
  const m = /^([^.]*)(?:\.SY(\d{1,2}))?$/i.exec(t.text);
  const named = m && SHIP.exec(m[1]);
  if (!m || !named || RESERVED.has(named[1].toUpperCase()) || t.quoted)
    return fail(`${quote(t.text)} is not a planet (2 2H) nor a yard (a base or ship: BS1, BS1.Sy2)`);
  const name = ship({ text: m[1], quoted: false });
  if (m[2] === undefined) return name;
  const sy = Number(m[2]);
  return sy >= 1 ? `${name}.Sy${sy}` : fail(`${quote(t.text)}: shipyards are numbered from Sy1`);
}

/** A planet (two words) or a ship (one). */
const areaOrShip = (a: Token[], ofShip: (t: Token) => string) =>
  a.length === 2 ? area(a[0], a[1]) : ofShip(a[0]);

function empire(t: Token): string {
  const n = t.text.trim().replace(/\s+/g, ' ');
  const error = validateEmpireName(n, []);
  return error ? fail(`${quote(n)}: ${error}`) : n;
}

function design(t: Token): string {
  const systems = parseDesign(t.text);
  return typeof systems === 'string' ? fail(`design ${quote(t.text)}: ${systems}`) : formatDesign(systems);
}

/** One of `words`, in any case; returns the word as listed. */
function keyword<W extends string>(t: Token, words: readonly W[], what: string): W {
  const w = upper(t);
  return (
    words.find((k) => k.toUpperCase() === w) ??
    fail(`${what} ${quote(t.text)} is not one of ${words.join(', ')}`)
  );
}

/** A comma-separated list in one or several words (`GEN1,ECON1` or `GEN1, ECON1`), at most MAX_WORDS items. */
function items(a: Token[]): Token[] {
  const all = a
    .flatMap((t) => (t.quoted ? [t] : t.text.split(',').map((text) => ({ text, quoted: false }))))
    .filter((t) => t.quoted || t.text !== '');
  return all.length <= MAX_WORDS ? all : fail(`a list has at most ${MAX_WORDS} items`);
}

/** The list read, each item once. */
function distinct(all: string[]): string[] {
  const twice = all.find((x, i) => all.indexOf(x) !== i);
  return twice === undefined ? all : fail(`${quote(twice)} is listed twice`);
}

const CARGO_ITEMS = ['PCF', 'BP', 'TRADE'] as const;
/** A cargo item: PCF, BP, TRADE, or a small craft (`SC B`, or `B` alone). */
function cargoItem(a: Token[]): CargoItem {
  if (a.length === 2) return keyword(a[1], CRAFT_TYPES, 'small craft');
  return keyword(a[0], [...CARGO_ITEMS, ...CRAFT_TYPES], 'cargo');
}

const WEAPONS: readonly MineWeapon[] = ['O', '/\\'];

// ---- Fields ----

type Value = string | number | boolean | null | string[];

/**
 * How a field reads its words and writes its value. `take`: the words it takes at the start of the
 * given ones (it may look at them), or 'rest'.
 */
interface Field {
  arg: Omit<OrderArgSpec, 'name'>;
  take: number | 'rest' | ((a: Token[]) => number);
  read: (a: Token[]) => Value;
  write: (v: Value) => string;
  /** Items of a list field in JSON arrays are joined with this. */
  join?: string;
}

const asText = (v: Value) => String(v);
/**
 * A name as one word: quoted (a `"` in it doubled, as tokenize reads it) unless it reads back alone as
 * itself (a final `;` or `:` would be lost).
 */
const word = (n: string) => (/^[^\s"]+$/.test(n) && !/[;:]$/.test(n) ? n : `"${n.replace(/"/g, '""')}"`);
const digitsFirst = (a: Token[]) => (a[0] && !a[0].quoted && /^\d+$/.test(a[0].text) ? 2 : 1);

const int = (what: string, min: number, max: number): Field => ({
  arg: { type: 'int', min, max, help: what },
  take: 1,
  read: ([t]) => whole(t, what, min, max),
  write: asText,
});
const one = (help: string, read: (t: Token) => string): Field => ({
  arg: { type: 'string', help },
  take: 1,
  read: ([t]) => read(t),
  write: asText,
});
const areaField = (help: string): Field => ({
  arg: { type: 'string', help },
  take: 2,
  read: ([s, c]) => area(s, c),
  write: asText,
});
const enumField = <W extends string>(values: readonly W[], what: string): Field => ({
  arg: { type: 'enum', values: [...values], help: what },
  take: 1,
  read: ([t]) => keyword(t, values, what),
  write: asText,
});
const flag = (help: string): Field => ({
  arg: { type: 'enum', help },
  take: 0,
  read: () => true,
  write: () => '',
});
/** A list: written joined by `join` (commas, or spaces for ships), read from commas or spaces. */
const list = (help: string, read: (t: Token) => string, min: number, join = ','): Field => ({
  arg: { type: 'string', help },
  take: 'rest',
  read: (a) => {
    const all = distinct(items(a).map(read));
    return all.length >= min ? all : fail(`${help}: at least ${min}`);
  },
  write: (v) => (v as string[]).join(join),
  join,
});

const FIELDS = {
  area: areaField('area, e.g. 2 2H'),
  at: areaField('area, e.g. 2 2H'),
  source: areaField('own inhabited area the colonists leave, e.g. 2 2H'),
  builder: {
    arg: {
      type: 'string',
      help: 'a planet (2 2H), or a yard: base or ship, with its Sy (BS1.Sy2) or without',
    },
    take: digitsFirst,
    read: (a) => areaOrShip(a, yard),
    write: asText,
  } as Field,
  guard: {
    arg: { type: 'string', help: 'a planet (2 2H) or an own base (BS1)' },
    take: digitsFirst,
    read: (a) => areaOrShip(a, ship),
    write: asText,
  } as Field,
  tf: one('task force (TF1, NEW2)', tfName),
  newTf: one('the new task force (TF7)', tfName),
  intoTf: one('the task force joined (TF1)', tfName),
  ship: one('ship or base (DD4)', ship),
  base: one('own base (BS3)', ship),
  escort: one('the escorting ship (DD1)', ship),
  charge: one('the escorted ship (CC1), or NONE', (t) => (upper(t) === 'NONE' ? 'NONE' : ship(t))),
  hold: one('where the craft go: a ship or base with V bays, or GB', (t) =>
    upper(t) === 'GB' ? 'GB' : ship(t),
  ),
  cls: one('class, 1 to 4 letters (cosmetic: DD, CC, BS)', cls),
  design: one('design, e.g. SAO/\\EE', design),
  of: one('design, or DEFAULT for all others', (t) => (upper(t) === 'DEFAULT' ? 'DEFAULT' : design(t))),
  empire: one('empire name', empire),
  ep: int('EP', 0, MAX_QUANTITY),
  mp: int('MP', 0, MAX_QUANTITY),
  bp: int('BP', 1, MAX_QUANTITY),
  count: int('how many', 1, MAX_QUANTITY),
  system: int('system', 1, MAX_SYSTEM),
  researchEp: int('EP spent on research (at most 10, or 30 after meeting a higher tech)', 0, MAX_RESEARCH_EP),
  craft: enumField(CRAFT_TYPES, 'small craft'),
  weapon: enumField(WEAPONS, 'mine weapon'),
  treaty: enumField(TREATIES, 'treaty'),
  item: {
    arg: {
      type: 'enum',
      values: [...CARGO_ITEMS, ...CRAFT_TYPES],
      help: 'PCF, BP, TRADE or a small craft (F B R Sh As)',
    },
    take: (a: Token[]) => (upper(a[0] ?? { text: '', quoted: true }) === 'SC' ? 2 : 1),
    read: cargoItem,
    write: (v) => ((CRAFT_TYPES as readonly Value[]).includes(v) ? `SC ${asText(v)}` : asText(v)),
  } as Field,
  prepay: flag('pay the whole cost now'),
  replace: flag('clear the route queued before'),
  setup: flag('month 1: spend the starting infrastructure (SETUP) instead of the treasury'),
  order: list(
    'maintenance order: bases, warships, transports, pcf',
    (t) => keyword(t, MAINTENANCE_ORDER, 'maintenance category'),
    1,
  ),
  queue: list(
    'research queue, e.g. GEN1,ECON1',
    (t) => {
      const item = parseTechItem(t.text);
      return item && !t.quoted
        ? `${item.track}${item.level}`
        : fail(`research item ${quote(t.text)} is not a track and a level, e.g. GEN1, BEAM2`);
    },
    1,
  ),
  ships: list('ships (DD1 DD2)', ship, 1, ' '),
  by: list('protecting ships (DD1 DD2), none to clear', ship, 0, ' '),
  priority: list(
    'systems, first destroyed first (A,S,C,E)',
    (t) => {
      const s = parseSymbol(t.text);
      return s ?? fail(`${quote(t.text)} is no system: use ${SYSTEMS.join(' ')}`);
    },
    1,
  ),
  route: {
    arg: { type: 'string', help: 'route: [start area] -> area -> area, e.g. 2 2R -> 2 WP03 -> 3 WP02' },
    take: 'rest',
    read: (a) => {
      const legs: Token[][] = [[]];
      for (const t of a)
        if (!t.quoted && t.text === '->') legs.push([]);
        else legs[legs.length - 1].push(t);
      const areas = legs.map((leg, i) => {
        if (i === 0 && leg.length === 0) return null;
        if (leg.length !== 2)
          fail(`${quote(leg.map((t) => t.text).join(' ') || '->')} is not an area: areas are joined by ->`);
        return area(leg[0], leg[1]);
      });
      if (areas.length < 2) fail('a route needs "->" and an area to go to');
      return areas.map((x) => x ?? '');
    },
    write: (v) =>
      (v as string[])
        .map((x) => (x === '' ? '' : x))
        .join(' -> ')
        .trim(),
    join: ' -> ',
  } as Field,
} satisfies Record<string, Field>;
type FieldName = keyof typeof FIELDS;

// ---- Patterns ----

/** A word of a pattern: a keyword, a field, or an optional group of them. */
type Part = { lit: string } | { field: FieldName; key: string; x?: true } | { optional: Part[] };

/**
 * `BUILD {builder} BASE {cls} {design} [x{count}] [PREPAY]`: upper-case words are keywords, `{f}` a
 * field (`{f=key}` stores it as `key`), `x{f}` a count written `x2`, `[…]` optional, `[WORD]` a flag
 * field named after the word.
 */
function compile(pattern: string): Part[] {
  const out: Part[][] = [[]];
  for (const w of pattern.split(' ')) {
    const open = w.startsWith('[');
    const close = w.endsWith(']');
    const core = w.replace(/^\[|\]$/g, '');
    if (open) out.push([]);
    const m = /^(x?)\{(\w+)(?:=(\w+))?\}$/.exec(core);
    const part: Part = m
      ? { field: m[2] as FieldName, key: m[3] ?? m[2], ...(m[1] ? { x: true as const } : {}) }
      : open && close && /^[A-Z]+$/.test(core)
        ? { field: core.toLowerCase() as FieldName, key: core.toLowerCase() }
        : { lit: core };
    out[out.length - 1].push(part);
    if (close) {
      const group = out.pop() as Part[];
      out[out.length - 1].push({ optional: group });
    }
  }
  return out[0];
}

interface Spec {
  pattern: Part[];
  help: string;
  example: string;
  /** The web form's code: the order's keywords. */
  code: string;
  /** Cross-field checks; a message, or null. */
  check?: (o: Record<string, Value>) => string | null;
}

const isArea = (v: Value) => typeof v === 'string' && v.includes(' ');
const needsArea = (what: string) => (o: Record<string, Value>) =>
  isArea(o.builder) ? null : `${what} are built at a planet (e.g. 2 2H), not at a yard`;
const needsYard = (what: string) => (o: Record<string, Value>) =>
  isArea(o.builder) ? `${what}: the builder is a yard (a base or ship with Sy), not a planet` : null;
const setupAtPlanet = (o: Record<string, Value>) =>
  o.setup === true && !isArea(o.builder)
    ? 'SETUP places units at an area of the home system, e.g. 2 2H'
    : null;

const spec = (pattern: string, code: string, help: string, example: string, check?: Spec['check']): Spec => ({
  pattern: compile(pattern),
  code,
  help,
  example,
  check,
});

/** The build lines that SETUP may begin instead of BUILD (§2.2). */
const SETUP_TYPES = new Set<OrderType>(['mp', 'ship', 'base', 'pcf', 'groundBase', 'craft']);

/** Order types whose lines are read by the pattern; `doctrine`, `planets` and `if` have their own readers. */
type PatternType = Exclude<OrderType, 'doctrine' | 'planets' | 'if'>;

/** Patterns sharing a first keyword are tried in this order (BUILD's generic ship line last). */
const SPECS: Record<PatternType, Spec> = {
  strip: spec(
    'STRIP {area}',
    'STRIP',
    'Strip an own inhabited area: its revenue is doubled this month (§5.21)',
    'STRIP 2 2H',
  ),
  maintOrder: spec(
    'MAINT ORDER {order}',
    'MAINT ORDER',
    'The order units are paid in when maintenance runs short: bases, warships, transports, pcf',
    'MAINT ORDER bases,warships,transports,pcf',
    (o) =>
      (o.order as string[]).length === MAINTENANCE_ORDER.length
        ? null
        : `list all ${MAINTENANCE_ORDER.length}: ${MAINTENANCE_ORDER.join(',')}`,
  ),
  mp: spec(
    'BUILD {builder} MP {ep}',
    'BUILD MP',
    'Buy 10 MP a EP into the pool',
    'BUILD 2 2H MP 3',
    needsArea('MP'),
  ),
  base: spec(
    'BUILD {builder} BASE {cls} {design} [x{count}] [PREPAY]',
    'BUILD BASE',
    'Build space bases (6 to 24 spaces, at least one E) at a planet (3 BP a month) or a yard',
    'BUILD 2 2H BASE BS "SAO/\\CE"',
  ),
  pcf: spec(
    'BUILD {builder} PCF {count}',
    'BUILD PCF',
    "Raise PCF, 1 BP each (at most the area's EP a month)",
    'BUILD 2 2H PCF 5',
    needsArea('PCF'),
  ),
  groundBase: spec(
    'BUILD {builder} GB {design}',
    'BUILD GB',
    'Build or extend the ground base (A /\\ V C (CMD) D, a multiple of 3, paid now, 3 BP a month)',
    'BUILD 2 2H GB "AAAAVVVVC"',
    needsArea('ground bases'),
  ),
  craft: spec(
    'BUILD {builder} SC {craft} x{count} [INTO {hold}]',
    'BUILD SC',
    'Build small craft (F B R Sh As), ½ BP each, into a V bay or packed cargo',
    'BUILD 2 2H SC B x2',
  ),
  packed: spec(
    'BUILD {builder} PACKED {bp}',
    'BUILD PACKED',
    "Make BP of packed materials into the yard's cargo",
    'BUILD BS1 PACKED 6',
    needsYard('packed materials'),
  ),
  mine: spec(
    'BUILD {builder} MINE {weapon} x{count}',
    'BUILD MINE',
    'Build packed mines (optional rule)',
    'BUILD BS1 MINE O x4',
    needsYard('mines'),
  ),
  ship: spec(
    'BUILD {builder} {cls} {design} [x{count}] [PREPAY]',
    'BUILD',
    'Build ships of a design (2, 3, 6, 9 or 12 spaces, at least one E; planets at most 3)',
    'BUILD 2 2H DD "SOE" x2',
  ),
  repair: spec(
    'REPAIR {builder} {ship}',
    'REPAIR',
    'Repair a damaged ship at a yard in its area, 1 BP a space',
    'REPAIR BS1 CC2',
    needsYard('repairs'),
  ),
  loadMp: spec(
    'LOAD {tf} MP {mp} AT {at}',
    'LOAD MP',
    'Load MP from the pool at an own inhabited planet',
    'LOAD TF2 MP 20 AT 2 2H',
  ),
  load: spec(
    'LOAD {tf} {item} {count} [AT {at}] [FROM {ship}]',
    'LOAD',
    'Load PCF, BP or small craft (SC F …, packed from V bays too) where the TF is, or FROM a unit',
    'LOAD TF3 PCF 6 AT 2 2H',
  ),
  unload: spec(
    'UNLOAD {tf} {item} {count} AT {at}',
    'UNLOAD',
    'Unload PCF (on a foreign planet they land), or packed small craft into free V bays there',
    'UNLOAD TF3 PCF 6 AT 4 1R',
  ),
  colonists: spec(
    'TRANSFER {source} {ep} TO {tf}',
    'TRANSFER',
    "Load colonists: the area's current EP drops by ep, 10 C each",
    'TRANSFER 2 2H 2 TO TF3',
  ),
  research: spec(
    'RESEARCH {researchEp=ep} [QUEUE {queue}]',
    'RESEARCH',
    'Spend EP on research; QUEUE replaces the research queue',
    'RESEARCH 10 QUEUE GEN1,ECON1,BEAM1',
  ),
  trade: spec(
    'TRADE {empire} {ep} LOAD {tf}',
    'TRADE',
    'Load trade goods for a partner (economic or political treaty)',
    'TRADE Vegans 4 LOAD TF5',
  ),
  market: spec(
    'MARKET {empire}',
    'MARKET',
    'Pay the market investment for trade with a partner',
    'MARKET Vegans',
  ),
  shareMaint: spec(
    'SHARE_MAINT {empire}',
    'SHARE_MAINT',
    'Share maintenance with a military or political ally',
    'SHARE_MAINT Vegans',
  ),
  hold: spec('{tf} : HOLD', 'HOLD', 'Stop: clear the route', 'TF1: HOLD'),
  survey: spec(
    '{tf} : SURVEY {system}',
    'SURVEY',
    "Go to the system's SURVEY area and survey it (needs *)",
    'TF1: SURVEY 3',
  ),
  guard: spec(
    '{tf} : GUARD {guard}',
    'GUARD',
    'Guard a planet or base: engaged from round 1 when it is attacked',
    'TF1: GUARD 2 2H',
  ),
  colonise: spec(
    '{tf} : UNLOAD COLONISTS {ep} AT {at}',
    'UNLOAD COLONISTS',
    "Settle colonists: the area's max EP rises by ep",
    'TF3: UNLOAD COLONISTS 2 AT 4 5Ast',
  ),
  supply: spec(
    '{tf} : SUPPLY {base} MP {mp}',
    'SUPPLY',
    "Deliver MP from the TF's cargo to a base",
    'TF2: SUPPLY BS3 MP 10',
  ),
  move: spec(
    '{tf} : [REPLACE] {route}',
    '->',
    'Move along a route, queued after what is left (REPLACE: instead); start with -> to go from where the TF is',
    'TF1: 2 2R -> 2 WP03 -> 3 WP02',
  ),
  split: spec(
    'SPLIT {tf} {newTf} : {ships}',
    'SPLIT',
    'Form a new TF from ships of a TF',
    'SPLIT TF1 TF7: DD1 DD2',
  ),
  merge: spec(
    'MERGE {tf} INTO {intoTf}',
    'MERGE',
    'Join a TF to another in the same area',
    'MERGE TF7 INTO TF1',
  ),
  assign: spec('ASSIGN {ship} {tf}', 'ASSIGN', 'Move a ship to a TF in the same area', 'ASSIGN DD3 TF1'),
  flag: spec(
    'FLAG {tf} {ship}',
    'FLAG',
    'Choose the flagship, whose admiral gives the initiative',
    'FLAG TF1 CC1',
  ),
  lay: spec(
    'LAY {tf} MINE {weapon} x{count} PROTECT {guard}',
    'LAY',
    'Lay packed mines to protect a planet or base (optional rule)',
    'LAY TF1 MINE O x4 PROTECT 2 2H',
  ),
  protect: spec(
    'PROTECT {tf} {ship} BY {by}',
    'PROTECT',
    'Protect a ship by others (none: no longer)',
    'PROTECT TF1 CC1 BY DD1 DD2',
  ),
  escort: spec(
    'ESCORT {tf} {escort} {charge}',
    'ESCORT',
    'Close escort against small craft (NONE: no longer)',
    'ESCORT TF1 DD1 CC1',
  ),
  priority: spec(
    'PRIORITY {of} {priority}',
    'PRIORITY',
    'Damage priority of a design (DEFAULT: all others); the first listed is destroyed first',
    'PRIORITY "SOE" S,O,E',
  ),
  propose: spec(
    'PROPOSE {empire} {treaty}',
    'PROPOSE',
    'Propose a treaty: nap, economic, military, political',
    'PROPOSE Vegans nap',
  ),
  accept: spec('ACCEPT {empire} {treaty}', 'ACCEPT', 'Accept a treaty proposed to you', 'ACCEPT Vegans nap'),
  renounce: spec('RENOUNCE {empire}', 'RENOUNCE', 'End a treaty: back to war', 'RENOUNCE Vegans'),
};

const PATTERN_TYPES = Object.keys(SPECS) as PatternType[];

/** The field parts of a pattern, optional ones marked. */
function fieldsOf(
  parts: Part[],
  optional = false,
): { field: FieldName; key: string; optional: boolean; x: boolean }[] {
  return parts.flatMap((p) =>
    'optional' in p
      ? fieldsOf(p.optional, true)
      : 'field' in p
        ? [{ field: p.field, key: p.key, optional: optional || FIELDS[p.field].take === 0, x: p.x === true }]
        : [],
  );
}

/** What a field is when it is not given: a flag false, a count 1, others null. */
const absent = (field: FieldName): Value => (FIELDS[field].take === 0 ? false : field === 'count' ? 1 : null);

/**
 * Matches words against a pattern: the words of each field, or null when the line has another shape.
 * Fields in an optional group are read only when its first word (a keyword or `x2`) is there.
 */
function match(parts: Part[], a: Token[], at: number, out: Map<Part, Token[]>): number | null {
  let i = at;
  for (const p of parts) {
    if ('lit' in p) {
      if (i >= a.length || upper(a[i]) !== p.lit) return null;
      i++;
    } else if ('optional' in p) {
      const first = p.optional[0];
      const present =
        'lit' in first
          ? i < a.length && upper(a[i]) === first.lit
          : 'field' in first && FIELDS[first.field].take === 0
            ? i < a.length && upper(a[i]) === first.field.toUpperCase()
            : i < a.length && !a[i].quoted && /^x\d/i.test(a[i].text);
      if (!present) continue;
      if ('field' in first && FIELDS[first.field].take === 0) {
        out.set(first, []);
        i++;
        continue;
      }
      const next = match(p.optional, a, i, out);
      if (next === null) return null;
      i = next;
    } else {
      const { take } = FIELDS[p.field];
      const n = take === 'rest' ? a.length - i : typeof take === 'function' ? take(a.slice(i)) : take;
      if (i + n > a.length) return null;
      out.set(p, a.slice(i, i + n));
      i += n;
    }
  }
  return i;
}

/** The order a matched pattern reads, its fields in pattern order. */
function build(
  type: PatternType,
  fields: (part: { field: FieldName; key: string }) => Token[] | undefined,
  setup: boolean,
): SfOrder {
  const o: Record<string, Value> = { type };
  for (const f of fieldsOf(SPECS[type].pattern)) {
    const words = fields(f);
    o[f.key] = words === undefined ? absent(f.field) : FIELDS[f.field].read(words);
  }
  if (SETUP_TYPES.has(type)) o.setup = setup;
  if (type === 'move') {
    // The route field holds the start ('' when the line starts with ->) and the areas to go to.
    const [from, ...route] = o.route as string[];
    Object.assign(o, { from: from === '' ? null : from, route });
  }
  if (type === 'escort' && o.charge === 'NONE') o.charge = null;
  if (type === 'priority' && o.of === 'DEFAULT') o.of = null;
  const problem = SPECS[type].check?.(o) ?? setupAtPlanet(o);
  return problem ? fail(problem) : (o as SfOrder);
}

/** The syntax of a pattern, for messages: `LOAD <tf> MP <mp> AT <at>`. */
function syntax(parts: Part[]): string {
  return parts
    .map((p) =>
      'lit' in p
        ? p.lit
        : 'optional' in p
          ? `[${syntax(p.optional)}]`
          : FIELDS[p.field].take === 0
            ? p.field.toUpperCase()
            : `${p.x ? 'x' : ''}<${p.key}>`,
    )
    .join(' ')
    .replace(/ :/g, ':');
}

/** The pattern types a line may be, by its first word (a TF name: the `TF1: …` lines). */
function candidates(a: Token[]): PatternType[] {
  const first = upper(a[0]);
  const byKeyword = PATTERN_TYPES.filter((t) => {
    const p = SPECS[t].pattern[0];
    return 'lit' in p && p.lit === first;
  });
  if (byKeyword.length > 0) return byKeyword;
  return a[1]?.text === ':' && !a[1].quoted
    ? PATTERN_TYPES.filter((t) => 'field' in SPECS[t].pattern[0])
    : [];
}

// ---- Doctrine, planets and conditionals (§4.2, §4.3) ----

const ROE = ['attack', 'defend', 'avoid'] as const;
const SMALLCRAFT_TARGETS = ['largest', 'bombers', 'fighters', 'escort', 'land'] as const;
const CRAFT_WORDS = ['fighters', 'bombers', 'recon', 'shuttles', 'assault', 'any'] as const;

function yesNo(t: Token, key: string): boolean {
  const w = upper(t);
  if (w === 'YES' || w === 'TRUE') return true;
  if (w === 'NO' || w === 'FALSE') return false;
  return fail(`${key} ${quote(t.text)} is not yes or no`);
}

/** A target rule (§4.3): largest, smallcraft:<kind>, class:<CLS>, ship:<NAME>. */
function targetRule(t: Token): string {
  const [kind, what = ''] = t.text.split(':');
  const k = kind.toLowerCase();
  if (k === 'largest' && t.text.indexOf(':') < 0) return 'largest';
  if (k === 'smallcraft')
    return `smallcraft:${keyword({ text: what, quoted: false }, CRAFT_WORDS, 'small craft target')}`;
  if (k === 'class') return `class:${cls({ text: what, quoted: false })}`;
  if (k === 'ship') return `ship:${ship({ text: what, quoted: false })}`;
  return fail(`target ${quote(t.text)} is not largest, smallcraft:<bombers …>, class:<CLS> or ship:<name>`);
}

type DoctrineKey = Exclude<keyof Doctrine, 'protect' | 'escort' | 'smallcraft'> | CraftType;
/** The keys of DOCTRINE, in the order they are written; a key's value is one word (quote "2 2H"). */
const DOCTRINE_KEYS: Record<
  DoctrineKey,
  { arg: Omit<OrderArgSpec, 'name'>; read: (t: Token, key: string) => unknown }
> = {
  roe: {
    arg: { type: 'enum', values: [...ROE], help: 'attack, defend or avoid' },
    read: (t) => keyword(t, ROE, 'roe'),
  },
  target: {
    arg: { type: 'string', help: 'targets tried in order: largest, smallcraft:bombers, class:CV, ship:DD4' },
    read: (t) => distinct(items([t]).map(targetRule)),
  },
  withdrawAt: {
    arg: { type: 'int', min: 0, max: 100, help: '% of spaces lost at which to withdraw (100: never)' },
    read: (t) => whole(t, 'withdrawAt', 0, 100),
  },
  pursue: { arg: { type: 'enum', help: 'pursue withdrawing enemies' }, read: yesNo },
  attackPlanet: { arg: { type: 'enum', help: 'attack enemy planets' }, read: yesNo },
  bombard: { arg: { type: 'enum', help: 'bombard enemy planets with missiles' }, read: yesNo },
  landPCF: { arg: { type: 'enum', help: 'land PCF on enemy planets' }, read: yesNo },
  destroyPopulation: { arg: { type: 'enum', help: 'PCF destroy a captured population' }, read: yesNo },
  retreatTo: {
    arg: { type: 'string', help: 'area to withdraw to ("2 2H"), or NONE' },
    read: (t) => {
      if (upper(t) === 'NONE') return null;
      const words = t.text.trim().split(/\s+/);
      return words.length === 2
        ? area({ text: words[0], quoted: false }, { text: words[1], quoted: false })
        : fail(`retreatTo ${quote(t.text)} is not an area ("2 2H") or NONE`);
    },
  },
  F: {
    arg: { type: 'enum', values: [...SMALLCRAFT_TARGETS], help: 'what fighters attack' },
    read: (t) => keyword(t, SMALLCRAFT_TARGETS, 'F target'),
  },
  B: {
    arg: { type: 'enum', values: [...SMALLCRAFT_TARGETS], help: 'what bombers attack' },
    read: (t) => keyword(t, SMALLCRAFT_TARGETS, 'B target'),
  },
  R: {
    arg: { type: 'enum', values: [...SMALLCRAFT_TARGETS], help: 'what recon craft attack' },
    read: (t) => keyword(t, SMALLCRAFT_TARGETS, 'R target'),
  },
  Sh: {
    arg: { type: 'enum', values: [...SMALLCRAFT_TARGETS], help: 'what shuttles attack' },
    read: (t) => keyword(t, SMALLCRAFT_TARGETS, 'Sh target'),
  },
  As: {
    arg: { type: 'enum', values: [...SMALLCRAFT_TARGETS], help: 'what assault shuttles attack' },
    read: (t) => keyword(t, SMALLCRAFT_TARGETS, 'As target'),
  },
};
const PLANET_KEYS: Record<
  keyof PlanetDoctrine,
  { arg: Omit<OrderArgSpec, 'name'>; read: (t: Token, key: string) => boolean }
> = {
  callMilitia: { arg: { type: 'enum', help: 'call out the militia when invaded' }, read: yesNo },
  militiaFirst: { arg: { type: 'enum', help: 'militia die before regular PCF' }, read: yesNo },
};

/** `key=value` words (or JSON fields) read by `keys`, in the keys' order; each key at most once. */
function settings<K extends string>(
  pairs: [string, Token][],
  keys: Record<K, { read: (t: Token, key: string) => unknown }>,
  what: string,
): Partial<Record<K, unknown>> {
  const given = new Map<K, Token>();
  for (const [k, v] of pairs) {
    const key = (Object.keys(keys) as K[]).find((x) => x.toLowerCase() === k.toLowerCase());
    if (key === undefined) fail(`${quote(k)} is not one of ${Object.keys(keys).join(', ')}`);
    if (given.has(key as K)) fail(`${key as K} is given twice`);
    given.set(key as K, v);
  }
  if (given.size === 0) fail(`${what} changes nothing: write key=value, e.g. ${Object.keys(keys)[0]}=…`);
  const out: Partial<Record<K, unknown>> = {};
  for (const key of Object.keys(keys) as K[]) {
    const v = given.get(key);
    if (v !== undefined) out[key] = keys[key].read(v, key);
  }
  return out;
}

const pairsOf = (a: Token[]): [string, Token][] =>
  a.map((t) => {
    const eq = t.text.indexOf('=');
    if (eq <= 0 || t.quoted) fail(`${quote(t.text)} is not key=value`);
    return [t.text.slice(0, eq), { text: t.text.slice(eq + 1), quoted: false }];
  });

/** A doctrine patch as the state keeps it: smallcraft targets under `smallcraft`. */
function patch(values: Partial<Record<DoctrineKey, unknown>>): DoctrinePatch {
  const out: Record<string, unknown> = {};
  const craft: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((CRAFT_TYPES as readonly string[]).includes(k)) craft[k] = v;
    else out[k] = v;
  }
  if (Object.keys(craft).length > 0) out.smallcraft = craft;
  return out as DoctrinePatch;
}

const doctrineTf = (t: Token) => (upper(t) === 'DEFAULT' ? 'DEFAULT' : tfName(t));
const readDoctrine = (tf: Token, rest: Token[]): SfOrder => ({
  type: 'doctrine',
  tf: doctrineTf(tf),
  set: patch(settings(pairsOf(rest), DOCTRINE_KEYS, 'DOCTRINE')),
});
const readPlanets = (rest: Token[]): SfOrder => ({
  type: 'planets',
  set: settings(pairsOf(rest), PLANET_KEYS, 'PLANETS') as Partial<PlanetDoctrine>,
});

/** The types of the weekly orders of a TF (WeeklyOrder), the orders a conditional may give. */
export const WEEKLY = new Set<SfOrder['type']>([
  'move',
  'hold',
  'survey',
  'guard',
  'colonise',
  'supply',
  'load',
  'unload',
]);
const TRIGGERS: readonly Trigger[] = ['CONTACT', 'ARRIVED', 'LOSSES', 'WEEK'];

/** `IF <trigger> THEN <order>` (§4.2 Proposed): CONTACT tf, ARRIVED tf, LOSSES tf >= n%, WEEK n. */
function readIf(a: Token[]): SfOrder {
  const then = a.findIndex((t) => upper(t) === 'THEN');
  if (then < 0) fail('IF needs THEN and an order, e.g. IF CONTACT TF1 THEN TF1: -> 2 2H');
  const when = a.slice(0, then);
  const trigger = when[0]
    ? keyword(when[0], TRIGGERS, 'trigger')
    : fail('IF needs a trigger: CONTACT, ARRIVED, LOSSES or WEEK');
  let tf: string | null = null;
  let n: number | null = null;
  if (trigger === 'WEEK') {
    if (when.length !== 2) fail('IF WEEK <1-4> THEN …');
    n = whole(when[1], 'week', 1, 4);
  } else if (trigger === 'LOSSES') {
    const m = when.length === 4 && upper(when[2]) === '>=' ? /^(\d{1,3})%$/.exec(when[3].text) : null;
    if (!m) fail('IF LOSSES <tf> >= <n>% THEN …');
    tf = tfName(when[1]);
    n = whole({ text: (m as RegExpExecArray)[1], quoted: false }, 'losses %', 0, 100);
  } else {
    if (when.length !== 2) fail(`IF ${trigger} <tf> THEN …`);
    tf = tfName(when[1]);
  }
  const order = readWords(a.slice(then + 1));
  if (!WEEKLY.has(order.type))
    fail("IF gives only a TF's weekly orders: a route, HOLD, SURVEY, GUARD, LOAD, UNLOAD, SUPPLY");
  return { type: 'if', trigger, tf, n, then: order as WeeklyOrder };
}

// ---- Lines ----

/** One order from the words of a line. */
function readWords(all: Token[]): SfOrder {
  if (all.length === 0) return fail('an order is missing');
  const setup = upper(all[0]) === 'SETUP';
  const a = setup ? [{ text: 'BUILD', quoted: false }, ...all.slice(1)] : all;
  const first = upper(a[0]);
  if (first === 'IF') return readIf(a.slice(1));
  if (first === 'DOCTRINE')
    return a.length < 2 ? fail('DOCTRINE <tf or DEFAULT> key=value …') : readDoctrine(a[1], a.slice(2));
  if (first === 'PLANETS') return readPlanets(a.slice(1));
  const types = candidates(a).filter((t) => !setup || SETUP_TYPES.has(t));
  if (types.length === 0) return fail(`unknown order ${quote(all[0].text)}`);
  for (const type of types) {
    const out = new Map<Part, Token[]>();
    if (match(SPECS[type].pattern, a, 0, out) !== a.length) continue;
    return build(type, (part) => [...out].find(([p]) => 'field' in p && p.key === part.key)?.[1], setup);
  }
  const forms = types.map((t) => syntax(SPECS[t].pattern).replace(/^BUILD/, setup ? 'SETUP' : 'BUILD'));
  return fail(`expected ${forms.slice(0, 3).join(' or ')}${forms.length > 3 ? ' …' : ''}`);
}

// ---- Parsing and formatting ----

type Parsed = { order: SfOrder } | { error: string };

const JSON_FORM = 'an order is {"type": "strip", "area": "2 2H"} (see the order types)';

/** A JSON field's value as the words of a line. */
function jsonWords(value: unknown, name: string, join = ' '): Token[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(`${quote(name)} is not a finite number`);
    return [{ text: String(value), quoted: false }];
  }
  if (typeof value === 'string') return value.trim() === '' ? [] : tokenize(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return jsonWords(
      value
        .map((v) =>
          typeof v === 'number' && !Number.isFinite(v)
            ? fail(`${quote(name)} holds a number that is not finite`)
            : String(v),
        )
        .join(join),
      name,
    );
  return fail(`${quote(name)} is not a string or a number`);
}

/** A JSON field as one word of a key=value setting (a value with spaces stays one). */
function jsonSetting(value: unknown, name: string): Token {
  if (typeof value === 'boolean') return { text: value ? 'yes' : 'no', quoted: false };
  if (typeof value === 'number' && !Number.isFinite(value))
    return fail(`${quote(name)} is not a finite number`);
  if (typeof value === 'number' || typeof value === 'string')
    return { text: String(value).trim(), quoted: false };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return { text: value.join(','), quoted: false };
  return fail(`${quote(name)} is not a string, a number or yes/no`);
}

const TYPE_NAMES = [...PATTERN_TYPES, 'doctrine', 'planets', 'if'] as OrderType[];
const typeOf = (name: string): OrderType | undefined => TYPE_NAMES.find((t) => t === name);

/** A JSON item `{type, ...fields}` (fields as ORDER_TYPES names them). */
function readJson(value: unknown): SfOrder {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(JSON_FORM);
  const o = value as Record<string, unknown>;
  if (typeof o.type !== 'string') return fail(`"type" is missing or not a string: ${JSON_FORM}`);
  const type = typeOf(o.type) ?? fail(`unknown order type ${quote(o.type)}`);
  const names = ORDER_TYPES.find((s) => s.name === type)?.args.map((a) => a.name) ?? [];
  const extra = Object.keys(o).find((k) => k !== 'type' && !names.includes(k));
  if (extra !== undefined) fail(`unexpected field ${quote(extra)} in ${type}`);
  const given = (k: string) => Object.hasOwn(o, k) && o[k] !== null && o[k] !== '';
  if (type === 'doctrine' || type === 'planets') {
    const keys = names.filter((k) => k !== 'tf' && given(k));
    const pairs: [string, Token][] = keys.map((k) => [k, jsonSetting(o[k], k)]);
    if (type === 'planets')
      return { type, set: settings(pairs, PLANET_KEYS, 'PLANETS') as Partial<PlanetDoctrine> };
    const tf = jsonWords(o.tf, 'tf');
    if (tf.length !== 1) fail('"tf" is a task force, or DEFAULT');
    return { type, tf: doctrineTf(tf[0]), set: patch(settings(pairs, DOCTRINE_KEYS, 'DOCTRINE')) };
  }
  if (type === 'if') {
    if (typeof o.when !== 'string' || typeof o.then !== 'string')
      fail('"when" and "then" are texts: {"type":"if","when":"CONTACT TF1","then":"TF1: -> 2 2H"}');
    return readIf([
      ...tokenize(o.when as string),
      { text: 'THEN', quoted: false },
      ...tokenize(o.then as string),
    ]);
  }
  if (given('setup') && typeof o.setup !== 'boolean') fail('"setup" is true or false');
  const optional = new Set(
    fieldsOf(SPECS[type].pattern)
      .filter((f) => f.optional)
      .map((f) => f.key),
  );
  return build(
    type,
    (part) => {
      const field = FIELDS[part.field];
      if (!given(part.key)) {
        if (optional.has(part.key)) return undefined;
        // A list may be empty where its reader allows it (PROTECT … BY nobody).
        return field.take === 'rest' ? [] : fail(`${quote(part.key)} is missing`);
      }
      if (field.take === 0)
        return o[part.key] === true
          ? []
          : o[part.key] === false
            ? undefined
            : fail(`${quote(part.key)} is true or false`);
      const words = jsonWords(o[part.key], part.key, field.join);
      const n =
        typeof field.take === 'function'
          ? field.take(words)
          : field.take === 'rest'
            ? words.length
            : field.take;
      if (words.length !== n) fail(`${quote(part.key)} is not ${FIELDS[part.field].arg.help ?? part.key}`);
      return words;
    },
    o.setup === true,
  );
}

/**
 * Never throws. Text: one order a line, `#` comment lines and blank lines skipped, a trailing `;`
 * ignored. A text starting with `[` is a JSON array of orders (its `line` = position). A line (or
 * item) that cannot be read, or beyond the ORDER_LIMIT-th, gives an error and an unreadable order.
 */
export function parseOrders(text: string): ParsedOrders<SfOrder> {
  const orders: SfOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  const take = (line: number, written: string, parse: () => Parsed) => {
    const result = orders.length < ORDER_LIMIT ? parse() : { error: LIMIT_MESSAGE };
    if ('error' in result) {
      diagnostics.push({ line, severity: 'error', message: result.error });
      orders.push({ type: 'unreadable', text: echo(written, ECHO_LENGTH), message: result.error, line });
      return;
    }
    orders.push({ ...result.order, line });
  };
  readSubmission(text, take, {
    jsonForm: JSON_FORM.replace('an order is ', ''),
    readJson: (item) => attempt(() => readJson(item)),
    readLine: (line) => attempt(() => readWords(tokenize(line))),
    bare: (line) => line.replace(/;$/, '').trimEnd(),
  });
  return { orders, diagnostics };
}

/** A pattern's words with the order's values. */
function write(parts: Part[], o: Record<string, Value>): string[] {
  return parts.flatMap((p): string[] => {
    if ('lit' in p) return [p.lit];
    if ('optional' in p) {
      const first = fieldsOf(p.optional)[0];
      const v = o[first.key];
      return v === null || v === false || (first.field === 'count' && v === 1) ? [] : write(p.optional, o);
    }
    const field = FIELDS[p.field];
    if (field.take === 0) return [p.field.toUpperCase()];
    const v = o[p.key];
    const text =
      p.field === 'empire'
        ? word(String(v))
        : p.field === 'design' || p.field === 'of'
          ? v === null
            ? 'DEFAULT'
            : `"${String(v)}"`
          : field.write(v);
    return [`${p.x ? 'x' : ''}${text}`];
  });
}

const setting = (v: unknown): string =>
  typeof v === 'boolean'
    ? v
      ? 'yes'
      : 'no'
    : Array.isArray(v)
      ? v.join(',')
      : typeof v === 'string' && v.includes(' ')
        ? `"${v}"`
        : v === null
          ? 'NONE'
          : String(v);

/** The order in the book's written form; parseOrders reads it back as the same order (an unreadable line: as echoed). */
export function formatOrder(o: SfOrder): string {
  switch (o.type) {
    case 'unreadable':
      return o.text;
    case 'doctrine': {
      const { smallcraft, ...rest } = o.set;
      const pairs = Object.entries({ ...rest, ...smallcraft }).map(([k, v]) => `${k}=${setting(v)}`);
      return ['DOCTRINE', o.tf, ...pairs].join(' ');
    }
    case 'planets':
      return ['PLANETS', ...Object.entries(o.set).map(([k, v]) => `${k}=${setting(v)}`)].join(' ');
    case 'if': {
      const when =
        o.trigger === 'WEEK'
          ? `WEEK ${o.n}`
          : o.trigger === 'LOSSES'
            ? `LOSSES ${o.tf} >= ${o.n}%`
            : `${o.trigger} ${o.tf}`;
      return `IF ${when} THEN ${formatOrder(o.then)}`;
    }
  }
  const values: Record<string, Value> = { ...(o as unknown as Record<string, Value>) };
  if (o.type === 'move') values.route = [o.from ?? '', ...o.route];
  if (o.type === 'escort' && o.charge === null) values.charge = 'NONE';
  const words = write(SPECS[o.type].pattern, values);
  if ('setup' in o && o.setup) words[0] = 'SETUP';
  return words.join(' ').replace(/ :/g, ':');
}

// ---- Order types for the web forms ----

const argsOf = (type: OrderType): OrderArgSpec[] => {
  if (type === 'doctrine')
    return [
      { name: 'tf', type: 'string', help: 'task force, or DEFAULT for the empire default' },
      ...Object.entries(DOCTRINE_KEYS).map(([name, k]) => ({ name, ...k.arg, optional: true as const })),
    ];
  if (type === 'planets')
    return Object.entries(PLANET_KEYS).map(([name, k]) => ({ name, ...k.arg, optional: true as const }));
  if (type === 'if')
    return [
      { name: 'when', type: 'string', help: 'CONTACT TF1, ARRIVED TF1, LOSSES TF1 >= 30%, or WEEK 3' },
      { name: 'then', type: 'string', help: 'a weekly order, e.g. TF1: -> 2 2H' },
    ];
  const fields = fieldsOf(SPECS[type].pattern).map((f) => ({
    name: f.key,
    ...FIELDS[f.field].arg,
    ...(f.optional ? { optional: true as const } : {}),
  }));
  return SETUP_TYPES.has(type)
    ? [...fields, { name: 'setup', ...FIELDS.setup.arg, optional: true as const }]
    : fields;
};

const OTHER_SPECS: Record<'doctrine' | 'planets' | 'if', Omit<Spec, 'pattern' | 'check'>> = {
  doctrine: {
    code: 'DOCTRINE',
    help: 'Standing combat doctrine of a TF (or DEFAULT): only the keys given change',
    example: 'DOCTRINE TF1 roe=attack target=largest withdrawAt=50 retreatTo="2 2H"',
  },
  planets: {
    code: 'PLANETS',
    help: 'Planet doctrine: callMilitia, militiaFirst',
    example: 'PLANETS callMilitia=yes militiaFirst=yes',
  },
  if: {
    code: 'IF',
    help: 'A weekly order given when a trigger fires: CONTACT, ARRIVED, LOSSES, WEEK',
    example: 'IF CONTACT TF1 THEN TF1: -> 2 2H',
  },
};

export const ORDER_TYPES: OrderTypeSpec[] = TYPE_NAMES.map((type) => {
  const { code, help, example } =
    type in OTHER_SPECS ? OTHER_SPECS[type as keyof typeof OTHER_SPECS] : SPECS[type as PatternType];
  return { code, name: type, args: argsOf(type), help, example };
});
