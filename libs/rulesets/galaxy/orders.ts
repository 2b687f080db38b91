import type { Diagnostic, OrderTypeSpec, ParsedOrders } from '@warpgate/engine';
import { jsonText } from '../printout';
import { fail, readError } from '../reading';
import { normalName } from './names';
import { OPTIONS, ROUTE_KINDS, type Cargo, type OptionName, type RouteKind } from './state';

/** The order parser: the book's mail format (digest §4.1) or a JSON array of the same orders. */

export type GroupRef = number | 'MAX';

export type GalaxyOrder = (
  | { type: 'header'; game: string; race: string; password: string | null }
  | { type: 'message'; to: string[]; text: string }
  | { type: 'peace'; race: string }
  | { type: 'war'; race: string }
  | { type: 'split'; group: GroupRef; ships: number }
  | { type: 'leaveFleet'; group: GroupRef }
  | { type: 'raceName'; name: string }
  | {
      type: 'design';
      name: string;
      drive: number;
      attacks: number;
      weapons: number;
      shields: number;
      cargo: number;
    }
  | { type: 'fleet'; name: string }
  | { type: 'erase'; name: string }
  | { type: 'address'; race: string }
  /** ships null = as many as can be fully upgraded; 0 = the whole group (§6.9). */
  | { type: 'upgrade'; group: GroupRef; ships: number | null }
  | { type: 'intercept'; group: GroupRef; planet: string; ships: number }
  | { type: 'interceptFleet'; fleet: string; planet: string }
  | { type: 'join'; group: GroupRef; fleet: string; ships: number }
  | { type: 'mergeFleet'; fleet: string; into: string }
  | { type: 'load'; group: GroupRef; cargo: Cargo; ships: number }
  | { type: 'map'; x: number; y: number; size: number }
  | { type: 'planetName'; planet: string; name: string }
  | { type: 'option'; option: OptionName; on: boolean }
  | { type: 'produce'; planet: string; what: string }
  | { type: 'quit'; race: string }
  | { type: 'route'; planet: string; kind: RouteKind; to: string | null }
  | { type: 'send'; group: GroupRef; planet: string; ships: number }
  | { type: 'sendFleet'; fleet: string; planet: string }
  | { type: 'rename'; name: string; newName: string }
  | { type: 'unload'; group: GroupRef; ships: number }
  | { type: 'scrap'; group: GroupRef; ships: number }
  | { type: 'password'; password: string | null }
  | { type: 'contact'; address: string }
  /**
   * A line (or JSON item) that could not be read: echoed in the report as rejected, as `text`
   * (masked; its `source`, a line's, as written).
   */
  | { type: 'unreadable'; text: string; message: string }
) & { line?: number; source?: string };

export type OrderType = GalaxyOrder['type'];
export type OrderOf<T extends OrderType> = Extract<GalaxyOrder, { type: T }>;

/** `name`: read as the text form reads names (§4.2); `text`: kept as typed (a password, an address). */
type FieldKind =
  | 'name'
  | 'name?'
  | 'text'
  | 'text?'
  | 'number'
  | 'group'
  | 'ships'
  | 'ships?'
  | 'cargo'
  | 'route'
  | 'option'
  | 'boolean'
  | 'strings';

/** Each order type's fields (JSON form), keyword and help; drives the JSON check and ORDER_TYPES. */
const SPECS: Record<
  Exclude<OrderType, 'header' | 'unreadable'>,
  { code: string; fields: Record<string, FieldKind>; help: string; example: string }
> = {
  message: {
    code: '@',
    fields: { to: 'strings', text: 'text' },
    help: 'Message to races (none = everyone), text up to the next @ line',
    example: '@ Zzyaxians\nHello\n@',
  },
  peace: { code: 'A', fields: { race: 'name' }, help: 'Declare peace on a race', example: 'A Zzyaxians' },
  war: { code: 'W', fields: { race: 'name' }, help: 'Declare war on a race', example: 'W Zzyaxians' },
  split: {
    code: 'B',
    fields: { group: 'group', ships: 'ships' },
    help: 'Break ships off a group',
    example: 'B 12 3',
  },
  leaveFleet: {
    code: 'B',
    fields: { group: 'group' },
    help: 'Take a group out of its fleet',
    example: 'B 12 FLEET',
  },
  raceName: {
    code: 'C',
    fields: { name: 'name' },
    help: "Change your race's name",
    example: 'C Zzyaxians',
  },
  design: {
    code: 'D',
    fields: {
      name: 'name',
      drive: 'number',
      attacks: 'number',
      weapons: 'number',
      shields: 'number',
      cargo: 'number',
    },
    help: 'Design a ship type: drive attacks weapons shields cargo',
    example: 'D Gunship 4 2 2 4 0',
  },
  fleet: { code: 'D', fields: { name: 'name' }, help: 'Create a fleet', example: 'D FLEET Armada' },
  erase: {
    code: 'E',
    fields: { name: 'name' },
    help: 'Erase a ship type or dissolve a fleet',
    example: 'E Drone',
  },
  address: {
    code: 'F',
    fields: { race: 'name' },
    help: "Ask for a race's contact address",
    example: 'F Zzyaxians',
  },
  upgrade: {
    code: 'G',
    fields: { group: 'group', ships: 'ships?' },
    help: 'Upgrade a group to your current techs',
    example: 'G 12',
  },
  intercept: {
    code: 'I',
    fields: { group: 'group', planet: 'name', ships: 'ships' },
    help: 'Intercept ships leaving a planet',
    example: 'I 12 112',
  },
  interceptFleet: {
    code: 'I',
    fields: { fleet: 'name', planet: 'name' },
    help: 'Intercept with a fleet',
    example: 'I Armada 112',
  },
  join: {
    code: 'J',
    fields: { group: 'group', fleet: 'name', ships: 'ships' },
    help: 'Put a group into a fleet',
    example: 'J 12 Armada',
  },
  mergeFleet: {
    code: 'J',
    fields: { fleet: 'name', into: 'name' },
    help: 'Merge a fleet into another',
    example: 'J Armada Navy',
  },
  load: {
    code: 'L',
    fields: { group: 'group', cargo: 'cargo', ships: 'ships' },
    help: 'Load cargo',
    example: 'L 12 COL',
  },
  map: {
    code: 'M',
    fields: { x: 'number', y: 'number', size: 'number' },
    help: 'Set the map window',
    example: 'M 10 20 50',
  },
  planetName: {
    code: 'N',
    fields: { planet: 'name', name: 'name' },
    help: 'Rename your planet',
    example: 'N 112 "Zzyax Prime"',
  },
  option: {
    code: 'O',
    fields: { option: 'option', on: 'boolean' },
    help: 'Set or (with NO) clear an option',
    example: 'O NO NAMECASE',
  },
  produce: {
    code: 'P',
    fields: { planet: 'name', what: 'name' },
    help: 'Set production',
    example: 'P 112 Drone',
  },
  quit: {
    code: 'Q',
    fields: { race: 'name' },
    help: 'Quit the game (your own race name)',
    example: 'Q Zzyaxians',
  },
  route: {
    code: 'R',
    fields: { planet: 'name', kind: 'route', to: 'name?' },
    help: 'Set or cancel a route',
    example: 'R 112 COL 7',
  },
  send: {
    code: 'S',
    fields: { group: 'group', planet: 'name', ships: 'ships' },
    help: 'Send a group',
    example: 'S 12 7',
  },
  sendFleet: {
    code: 'S',
    fields: { fleet: 'name', planet: 'name' },
    help: 'Send a fleet',
    example: 'S Armada 7',
  },
  rename: {
    code: 'T',
    fields: { name: 'name', newName: 'name' },
    help: 'Rename a ship type or fleet',
    example: 'T Drone Probe',
  },
  unload: { code: 'U', fields: { group: 'group', ships: 'ships' }, help: 'Unload cargo', example: 'U 12' },
  scrap: { code: 'X', fields: { group: 'group', ships: 'ships' }, help: 'Scrap ships', example: 'X 12' },
  password: {
    code: 'Y',
    fields: { password: 'text?' },
    help: 'Set or clear the order password',
    example: 'Y secret',
  },
  contact: {
    code: 'Z',
    fields: { address: 'text' },
    help: 'Set your public contact',
    example: 'Z me@example.org',
  },
};

const ARG_TYPE: Record<FieldKind, OrderTypeSpec['args'][number]['type']> = {
  name: 'string',
  'name?': 'string',
  text: 'string',
  'text?': 'string',
  number: 'int',
  group: 'int',
  ships: 'int',
  'ships?': 'int',
  cargo: 'enum',
  route: 'enum',
  option: 'enum',
  boolean: 'enum',
  strings: 'string',
};

export const ORDER_TYPES: OrderTypeSpec[] = Object.entries(SPECS).map(([name, s]) => ({
  code: s.code,
  name,
  help: s.help,
  example: s.example,
  args: Object.entries(s.fields).map(([arg, kind]) => ({
    name: arg,
    type: ARG_TYPE[kind],
    ...(kind === 'group' ? { words: ['MAX'] } : {}),
    ...(kind === 'cargo' ? { values: ['COL', 'CAP', 'MAT'] } : {}),
    ...(kind === 'route' ? { values: [...ROUTE_KINDS] } : {}),
    ...(kind === 'option' ? { values: Object.keys(OPTIONS) } : {}),
  })),
}));

/** Splits a line into parameters; a `"` parameter runs to the next `"`. */
export function tokenize(line: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ' || line[i] === '\t') {
      i++;
    } else if (line[i] === '"') {
      const end = line.indexOf('"', i + 1);
      if (end < 0) fail('unterminated quote');
      tokens.push(line.slice(i + 1, end));
      i = end + 1;
    } else {
      let end = i;
      while (end < line.length && line[end] !== ' ' && line[end] !== '\t' && line[end] !== '"') end++;
      tokens.push(line.slice(i, end));
      i = end;
    }
  }
  return tokens;
}

/** Too many digits read as Infinity, which JSON (the event store) would turn into null. */
const finite = (v: number, what: string): number =>
  Number.isFinite(v) ? v : fail(`${what} is not a finite number`);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const num = (t: string | undefined, what: string): number =>
  t !== undefined && NUMBER.test(t) ? finite(Number(t), what) : fail(`${what}: "${t ?? ''}" is not a number`);
const isGroupRef = (t: string): boolean => /^\d+$/.test(t) || t.toUpperCase() === 'MAX';
function groupRef(t: string | undefined): GroupRef {
  if (t !== undefined && t.toUpperCase() === 'MAX') return 'MAX';
  if (t === undefined || !/^\d+$/.test(t) || Number(t) < 1) return fail(`"${t ?? ''}" is not a group number`);
  return finite(Number(t), 'group');
}
const shipCount = (t: string | undefined): number =>
  t === undefined ? 0 : /^\d+$/.test(t) ? finite(Number(t), 'ships') : fail(`"${t}" is not a ship count`);
const keyword = <K extends string>(t: string | undefined, allowed: readonly K[], what: string): K => {
  const k = (t ?? '').toUpperCase();
  return (allowed as readonly string[]).includes(k)
    ? (k as K)
    : fail(`${what} must be one of ${allowed.join(' ')}`);
};
const name = (t: string | undefined, what: string): string =>
  t === undefined || normalName(t) === '' ? fail(`missing ${what}`) : normalName(t);

/** One order line (no comment, not a message) to an order. */
function parseLine(tokens: string[]): GalaxyOrder {
  const [word, ...a] = tokens;
  const arity = (min: number, max: number) => {
    if (a.length < min) fail('missing parameters');
    if (a.length > max) fail('too many parameters');
  };
  const upper = (i: number) => (a[i] ?? '').toUpperCase();
  switch (word.charAt(0).toUpperCase()) {
    case 'A':
      arity(1, 1);
      return { type: 'peace', race: name(a[0], 'race') };
    case 'W':
      arity(1, 1);
      return { type: 'war', race: name(a[0], 'race') };
    case 'B':
      arity(2, 2);
      if (upper(1) === 'FLEET') return { type: 'leaveFleet', group: groupRef(a[0]) };
      return { type: 'split', group: groupRef(a[0]), ships: shipCount(a[1]) };
    case 'C':
      arity(1, 1);
      return { type: 'raceName', name: name(a[0], 'name') };
    case 'D':
      if (upper(0) === 'FLEET') {
        arity(2, 2);
        return { type: 'fleet', name: name(a[1], 'fleet name') };
      }
      arity(6, 6);
      return {
        type: 'design',
        name: name(a[0], 'type name'),
        drive: num(a[1], 'drive'),
        attacks: num(a[2], 'attacks'),
        weapons: num(a[3], 'weapons'),
        shields: num(a[4], 'shields'),
        cargo: num(a[5], 'cargo'),
      };
    case 'E':
      arity(1, 1);
      return { type: 'erase', name: name(a[0], 'name') };
    case 'F':
      arity(1, 1);
      return { type: 'address', race: name(a[0], 'race') };
    case 'G':
      arity(1, 2);
      return { type: 'upgrade', group: groupRef(a[0]), ships: a[1] === undefined ? null : shipCount(a[1]) };
    case 'I':
      if (isGroupRef(a[0] ?? '')) {
        arity(2, 3);
        return {
          type: 'intercept',
          group: groupRef(a[0]),
          planet: name(a[1], 'planet'),
          ships: shipCount(a[2]),
        };
      }
      arity(2, 2);
      return { type: 'interceptFleet', fleet: name(a[0], 'fleet'), planet: name(a[1], 'planet') };
    case 'J':
      if (isGroupRef(a[0] ?? '')) {
        arity(2, 3);
        return { type: 'join', group: groupRef(a[0]), fleet: name(a[1], 'fleet'), ships: shipCount(a[2]) };
      }
      arity(2, 2);
      return { type: 'mergeFleet', fleet: name(a[0], 'fleet'), into: name(a[1], 'fleet') };
    case 'L':
      arity(2, 3);
      return {
        type: 'load',
        group: groupRef(a[0]),
        cargo: keyword(a[1], ['COL', 'CAP', 'MAT'], 'cargo'),
        ships: shipCount(a[2]),
      };
    case 'M':
      arity(3, 3);
      return { type: 'map', x: num(a[0], 'x'), y: num(a[1], 'y'), size: num(a[2], 'size') };
    case 'N':
      arity(2, 2);
      return { type: 'planetName', planet: name(a[0], 'planet'), name: name(a[1], 'name') };
    case 'O': {
      const on = upper(0) !== 'NO';
      arity(on ? 1 : 2, on ? 1 : 2);
      return {
        type: 'option',
        on,
        option: keyword(a[on ? 0 : 1], Object.keys(OPTIONS) as OptionName[], 'option'),
      };
    }
    case 'P':
      arity(2, 2);
      return { type: 'produce', planet: name(a[0], 'planet'), what: name(a[1], 'production') };
    case 'Q':
      arity(1, 1);
      return { type: 'quit', race: name(a[0], 'race') };
    case 'R':
      arity(2, 3);
      return {
        type: 'route',
        planet: name(a[0], 'planet'),
        kind: keyword(a[1], ROUTE_KINDS, 'route kind'),
        to: a[2] === undefined ? null : name(a[2], 'planet'),
      };
    case 'S':
      if (isGroupRef(a[0] ?? '')) {
        arity(2, 3);
        return { type: 'send', group: groupRef(a[0]), planet: name(a[1], 'planet'), ships: shipCount(a[2]) };
      }
      arity(2, 2);
      return { type: 'sendFleet', fleet: name(a[0], 'fleet'), planet: name(a[1], 'planet') };
    case 'T':
      arity(2, 2);
      return { type: 'rename', name: name(a[0], 'name'), newName: name(a[1], 'new name') };
    case 'U':
      arity(1, 2);
      return { type: 'unload', group: groupRef(a[0]), ships: shipCount(a[1]) };
    case 'X':
      arity(1, 2);
      return { type: 'scrap', group: groupRef(a[0]), ships: shipCount(a[1]) };
    case 'Y':
      arity(0, 1);
      return { type: 'password', password: a[0] ?? null };
    case 'Z':
      arity(1, 200);
      return { type: 'contact', address: a.join(' ') };
    default:
      return fail('unknown order');
  }
}

/** How much of an order line the report echoes. */
export const ECHO_LENGTH = 60;
const SECRET = '******';

/**
 * An order line as a report or an event may tell it, whatever became of it: a Y line (any whose
 * first word begins with Y, as parseLine reads it) as its keyword, a #GALAXY line as its game and
 * race (plain words), when more follows: that may be a password. OrdersExecuted of rules 2 keeps
 * lines so: a change here changes how their stored turns resolve.
 */
export function masked(line: string): string {
  const hidden = /^\s*(y[a-z]*)(.*)$/i.exec(line) ?? /^\s*(#galaxy(?:\s+[^\s"]+){0,2})(.*)$/i.exec(line);
  return hidden && hidden[2].trim() !== '' ? `${hidden[1]} ${SECRET}` : line;
}

const unreadable = (line: number, text: string, message: string): GalaxyOrder => ({
  type: 'unreadable',
  text,
  message,
  line,
});
/** A JSON item as it may be shown: a Y or #GALAXY order (which may hold a password) as its keyword. */
function shownJson(value: unknown): string {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return type === 'password' ? `Y ${SECRET}` : type === 'header' ? `#GALAXY ${SECRET}` : jsonText(value);
}

const startsWith = (line: string, prefix: string) => line.trimStart().toUpperCase().startsWith(prefix);

function parseText(text: string): ParsedOrders<GalaxyOrder> {
  const lines = text.split(/\r?\n/);
  const orders: GalaxyOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  const problem = (line: number, message: string, severity: Diagnostic['severity'] = 'error') =>
    diagnostics.push({ line, severity, message });
  const start = lines.findIndex((l) => startsWith(l, '#GALAXY'));
  if (start < 0) {
    problem(1, 'no #GALAXY line: orders are #GALAXY game race [password] … #END');
    return { orders, diagnostics };
  }
  try {
    const [, game, race, password, ...extra] = tokenize(lines[start]);
    if (race === undefined || extra.length > 0) fail('the first line is #GALAXY game race [password]');
    orders.push({
      type: 'header',
      game: normalName(game),
      race: normalName(race),
      password: password ?? null,
      line: start + 1,
      source: lines[start],
    });
  } catch (e) {
    problem(start + 1, readError(e));
    return { orders, diagnostics };
  }
  let i = start + 1;
  for (; i < lines.length && !startsWith(lines[i], '#END'); i++) {
    const raw = lines[i];
    const lineNo = i + 1;
    if (raw.trimStart().startsWith('@')) {
      const head = raw.trimStart().slice(1);
      let to: string[] = [];
      try {
        // A name glued to the @ means a broadcast (§4.3).
        to =
          head.length > 0 && head[0] !== ' ' && head[0] !== '\t'
            ? []
            : tokenize(head.split(';')[0]).map(normalName);
      } catch (e) {
        problem(lineNo, readError(e));
      }
      const body: string[] = [];
      for (
        i++;
        i < lines.length && !lines[i].trimStart().startsWith('@') && !startsWith(lines[i], '#END');
        i++
      )
        body.push(lines[i]);
      if (i >= lines.length || !lines[i].trimStart().startsWith('@')) {
        problem(lineNo, 'message not closed by an @ line: it runs to #END', 'warning');
        i--;
      }
      orders.push({ type: 'message', to, text: body.join('\n'), line: lineNo, source: raw.trim() });
      continue;
    }
    const line = raw.split(';')[0];
    if (line.trim() === '') continue;
    try {
      orders.push({ ...parseLine(tokenize(line)), line: lineNo, source: raw.trim() });
    } catch (e) {
      problem(lineNo, readError(e));
      orders.push({ ...unreadable(lineNo, masked(raw.trim()), readError(e)), source: raw.trim() });
    }
  }
  if (i >= lines.length)
    problem(lines.length, 'no #END line: the rest of the text was read as orders', 'warning');
  else if (lines.slice(i + 1).some((l) => startsWith(l, '#GALAXY')))
    problem(i + 2, 'only the first #GALAXY … #END block is read', 'warning');
  return { orders, diagnostics };
}

function checkJsonOrder(value: unknown): GalaxyOrder {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('an order is a JSON object');
  const o = value as Record<string, unknown>;
  if (o.type === 'header') {
    if (typeof o.race !== 'string') fail('header: race is a string');
    if (o.game !== undefined && typeof o.game !== 'string') fail('header: game is a string');
    return {
      type: 'header',
      game: (o.game as string | undefined) ?? '',
      race: o.race as string,
      password: typeof o.password === 'string' ? o.password : null,
    };
  }
  // Own properties only: "constructor" or "__proto__" are no order types.
  if (typeof o.type !== 'string' || !Object.hasOwn(SPECS, o.type))
    return fail(`unknown order type "${String(o.type)}"`);
  const spec = SPECS[o.type as keyof typeof SPECS];
  const out: Record<string, unknown> = { type: o.type };
  for (const [field, kind] of Object.entries(spec.fields)) {
    const v = o[field];
    if (typeof v === 'number') finite(v, `${o.type}: ${field}`);
    const ok =
      kind === 'name' || kind === 'text'
        ? typeof v === 'string' && v.trim() !== ''
        : kind === 'name?' || kind === 'text?'
          ? v === null || v === undefined || typeof v === 'string'
          : kind === 'number'
            ? typeof v === 'number'
            : kind === 'group'
              ? v === 'MAX' || (typeof v === 'number' && Number.isInteger(v) && v >= 1)
              : kind === 'ships'
                ? v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0)
                : kind === 'ships?'
                  ? v === undefined || v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0)
                  : kind === 'cargo'
                    ? v === 'COL' || v === 'CAP' || v === 'MAT'
                    : kind === 'route'
                      ? ROUTE_KINDS.includes(v as RouteKind)
                      : kind === 'option'
                        ? typeof v === 'string' && Object.hasOwn(OPTIONS, v)
                        : kind === 'boolean'
                          ? typeof v === 'boolean'
                          : Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (!ok) fail(`${String(o.type)}: bad or missing ${field}`);
    // Names as the text form reads them: formatOrder writes them back alike.
    out[field] =
      (kind === 'name' || kind === 'name?') && typeof v === 'string'
        ? normalName(v)
        : kind === 'strings'
          ? (v as string[]).map(normalName)
          : kind === 'ships'
            ? (v ?? 0)
            : v === undefined
              ? null
              : v;
  }
  return out as GalaxyOrder;
}

/** A name as a player writes it: spaces as underscores (§4.2); an empty one as "". */
const written = (name: string): string => (name === '' ? '""' : name.replace(/ /g, '_'));
/** A password as one parameter: quoted when it has spaces. */
const token = (t: string): string => (/^[^\s"]+$/.test(t) ? t : `"${t}"`);
/** An optional ship count: none for the whole group. */
const shipsPart = (ships: number): string => (ships === 0 ? '' : ` ${ships}`);

/**
 * The order in the mail format, as a player writes it: parseOrders reads it back (names and
 * passwords without " or ;, a message's lines up to the closing @).
 */
export function formatOrder(o: GalaxyOrder): string {
  switch (o.type) {
    case 'header':
      return `#GALAXY ${written(o.game)} ${written(o.race)}${o.password === null ? '' : ` ${token(o.password)}`}`;
    case 'message':
      return `${o.to.length === 0 ? '@' : `@ ${o.to.map(written).join(' ')}`}\n${o.text}\n@`;
    case 'peace':
      return `A ${written(o.race)}`;
    case 'war':
      return `W ${written(o.race)}`;
    case 'split':
      return `B ${o.group} ${o.ships}`;
    case 'leaveFleet':
      return `B ${o.group} FLEET`;
    case 'raceName':
      return `C ${written(o.name)}`;
    case 'design':
      return `D ${written(o.name)} ${o.drive} ${o.attacks} ${o.weapons} ${o.shields} ${o.cargo}`;
    case 'fleet':
      return `D FLEET ${written(o.name)}`;
    case 'erase':
      return `E ${written(o.name)}`;
    case 'address':
      return `F ${written(o.race)}`;
    case 'upgrade':
      return `G ${o.group}${o.ships === null ? '' : ` ${o.ships}`}`;
    case 'intercept':
      return `I ${o.group} ${written(o.planet)}${shipsPart(o.ships)}`;
    case 'interceptFleet':
      return `I ${written(o.fleet)} ${written(o.planet)}`;
    case 'join':
      return `J ${o.group} ${written(o.fleet)}${shipsPart(o.ships)}`;
    case 'mergeFleet':
      return `J ${written(o.fleet)} ${written(o.into)}`;
    case 'load':
      return `L ${o.group} ${o.cargo}${shipsPart(o.ships)}`;
    case 'map':
      return `M ${o.x} ${o.y} ${o.size}`;
    case 'planetName':
      return `N ${written(o.planet)} ${written(o.name)}`;
    case 'option':
      return `O ${o.on ? '' : 'NO '}${o.option}`;
    case 'produce':
      return `P ${written(o.planet)} ${written(o.what)}`;
    case 'quit':
      return `Q ${written(o.race)}`;
    case 'route':
      return `R ${written(o.planet)} ${o.kind}${o.to === null ? '' : ` ${written(o.to)}`}`;
    case 'send':
      return `S ${o.group} ${written(o.planet)}${shipsPart(o.ships)}`;
    case 'sendFleet':
      return `S ${written(o.fleet)} ${written(o.planet)}`;
    case 'rename':
      return `T ${written(o.name)} ${written(o.newName)}`;
    case 'unload':
      return `U ${o.group}${shipsPart(o.ships)}`;
    case 'scrap':
      return `X ${o.group}${shipsPart(o.ships)}`;
    case 'password':
      return `Y${o.password === null ? '' : ` ${token(o.password)}`}`;
    case 'contact':
      return `Z ${o.address}`;
    case 'unreadable':
      return o.source ?? o.text;
  }
}

export function parseOrders(text: string): ParsedOrders<GalaxyOrder> {
  if (!text.trimStart().startsWith('[')) return parseText(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { orders: [], diagnostics: [{ line: null, severity: 'error', message: 'not valid JSON' }] };
  }
  const orders: GalaxyOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  (parsed as unknown[]).forEach((value, i) => {
    try {
      orders.push({ ...checkJsonOrder(value), line: i + 1 });
    } catch (e) {
      diagnostics.push({ line: i + 1, severity: 'error', message: readError(e) });
      orders.push(unreadable(i + 1, shownJson(value), readError(e)));
    }
  });
  return { orders, diagnostics };
}
