import type { Diagnostic, OrderTypeSpec, ParsedOrders } from '@warpgate/engine';
import { echo, jsonText } from '../printout';
import type { Buildable, CheckedOrder, Destroyable, GcOrder, OrderResult, Unit } from './state';

/**
 * The book's order syntax (`A,23,119,12` …) and its JSON form, both to GcOrder (digest §4.1).
 * Only the form is checked here; what the state allows is checked in check.ts.
 */

/** Larger quantities are reduced anyway; capping keeps every number a safe integer. */
export const MAX_QUANTITY = 1_000_000_000;

const LETTER_TO_ITEM = { A: 'AF', D: 'DF', F: 'FT', P: 'PROBES', C: 'CP', E: 'ECON' } as const;
type Letter = keyof typeof LETTER_TO_ITEM;
const ITEM_TO_LETTER: Record<string, Letter> = { AF: 'A', DF: 'D', FT: 'F', PROBES: 'P', CP: 'C', ECON: 'E' };
/** Own properties only: "constructor" or "__proto__" are no item letters. */
const itemOf = (letter: string): string | undefined =>
  Object.hasOwn(LETTER_TO_ITEM, letter) ? LETTER_TO_ITEM[letter as Letter] : undefined;

const UNITS: Unit[] = ['AF', 'DF', 'PROBES'];
const BUILDABLES: Buildable[] = ['CP', 'AF', 'DF', 'FT', 'PROBES'];
const DESTROYABLES: Destroyable[] = ['FT', 'CP', 'ECON'];

const world = (name: string, help: string) => ({ name, type: 'world' as const, min: 1, help });
const quantity = (name: string, help: string) => ({
  name,
  type: 'int' as const,
  min: 1,
  max: MAX_QUANTITY,
  help,
});

export const ORDER_TYPES: OrderTypeSpec[] = [
  {
    code: 'A',
    name: 'attack',
    args: [world('from', 'Your world the AF leave'), world('to', 'World attacked'), quantity('count', 'AF')],
    help: 'Attack a world with AF. 3 hexes a turn; the AF stay yours and fight unless you own the target on arrival.',
    example: 'A,23,119,12',
  },
  {
    code: 'M',
    name: 'move',
    args: [
      world('from', 'Your world the units leave'),
      world('to', 'Destination'),
      { name: 'unit', type: 'enum', values: UNITS, help: 'A = AF, D = DF, P = probes' },
      quantity('count', 'Units moved'),
    ],
    help: 'Move AF, DF or probes. On arrival they belong to whoever owns the destination.',
    example: 'M,72,144,D,27',
  },
  {
    code: 'P',
    name: 'probe',
    args: [world('from', 'Your world launching'), world('to', 'World probed')],
    help: 'Launch one probe; on arrival you get a report on that world.',
    example: 'P,88,223',
  },
  {
    code: 'B',
    name: 'build',
    args: [
      world('world', 'Your world building'),
      {
        name: 'item',
        type: 'enum',
        values: BUILDABLES,
        help: 'per Econ: C 1 CP, A 2 AF, D 3 DF, F 4 FT, P 5 probes',
      },
      quantity('econ', 'Econ spent (not items built)'),
    ],
    help: 'Spend Econ on CP, AF, DF, FT or probes. Reused next turn if the world gets no Econ order.',
    example: 'B,156,F,3',
  },
  {
    code: 'E',
    name: 'econ',
    args: [world('world', 'Your world')],
    help: "Use the world's whole Econ to raise it by 1 (free at Econ 0). Nothing else may use its Econ.",
    example: 'E,216',
  },
  {
    code: 'G',
    name: 'gate',
    args: [world('from', 'Your world paying 1 Econ'), world('to', 'Another world of yours')],
    help: 'A one-way gate for this turn: moves, attacks and probes from → to arrive this turn.',
    example: 'G,15,245',
  },
  {
    code: 'T',
    name: 'transfer',
    args: [world('world', 'Your world'), { name: 'to', type: 'player', help: 'Code name of the new owner' }],
    help: 'Give a world and everything on it to another player; at most one world to each player per turn.',
    example: 'T,13,REGULUS',
  },
  {
    code: 'D',
    name: 'destroy',
    args: [
      world('world', 'Your world'),
      { name: 'item', type: 'enum', values: DESTROYABLES, help: 'F = FT, C = CP, E = Econ' },
      quantity('count', 'How many'),
    ],
    help: 'Destroy FT, CP or Econ after combat, if you still own the world.',
    example: 'D,88,C,18',
  },
];

/** The order in the book's syntax, as printed in reports (an unreadable line: as written). */
export function formatOrder(o: GcOrder): string {
  switch (o.type) {
    case 'unreadable':
      return o.text;
    case 'attack':
      return `A,${o.from},${o.to},${o.count}`;
    case 'move':
      return `M,${o.from},${o.to},${ITEM_TO_LETTER[o.unit]},${o.count}`;
    case 'probe':
      return `P,${o.from},${o.to}`;
    case 'build':
      return `B,${o.world},${ITEM_TO_LETTER[o.item]},${o.econ}`;
    case 'econ':
      return `E,${o.world}`;
    case 'gate':
      return `G,${o.from},${o.to}`;
    case 'transfer':
      return `T,${o.world},${o.to}`;
    case 'destroy':
      return `D,${o.world},${ITEM_TO_LETTER[o.item]},${o.count}`;
  }
}

/**
 * An order as formatOrder writes it, read back, with its line if it has one; its numbers are
 * unsigned integers, as parseOrders makes them.
 */
export function readOrder(text: string, line?: number): GcOrder {
  const order = readWithLine(text, line);
  // Rare (an order without a line): deleting the last property added undoes it cheaply.
  if (line === undefined) delete order.line;
  return order;
}

/** The unsigned integer at `at` in an order's text. */
function numberAt(text: string, at: number): number {
  let n = 0;
  for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(++at)) n = n * 10 + c - 48;
  return n;
}

/** Where the field after the one at `at` starts. */
const nextField = (text: string, at: number) => text.indexOf(',', at) + 1;

const itemAt = (text: string, at: number) => LETTER_TO_ITEM[text[at] as Letter];

/**
 * The line goes in each literal with the rest (adding it afterwards changes the order's shape), and
 * no closures read the fields: replays read every order of every turn, and this allocates less than
 * half what it did.
 */
function readWithLine(text: string, line: number | undefined): GcOrder {
  // Every order has a world (or a from) first, after its letter.
  const first = numberAt(text, 2);
  const second = nextField(text, 2);
  switch (text[0]) {
    case 'A':
      return {
        type: 'attack',
        from: first,
        to: numberAt(text, second),
        count: numberAt(text, nextField(text, second)),
        line,
      };
    case 'M': {
      const unit = nextField(text, second);
      return {
        type: 'move',
        from: first,
        to: numberAt(text, second),
        unit: itemAt(text, unit) as Unit,
        count: numberAt(text, unit + 2),
        line,
      };
    }
    case 'P':
      return { type: 'probe', from: first, to: numberAt(text, second), line };
    case 'B':
      return {
        type: 'build',
        world: first,
        item: itemAt(text, second) as Buildable,
        econ: numberAt(text, second + 2),
        line,
      };
    case 'E':
      return { type: 'econ', world: first, line };
    case 'G':
      return { type: 'gate', from: first, to: numberAt(text, second), line };
    case 'T':
      // The code name is the rest, commas and all.
      return { type: 'transfer', world: first, to: text.slice(second), line };
    default:
      return {
        type: 'destroy',
        world: first,
        item: itemAt(text, second) as Destroyable,
        count: numberAt(text, second + 2),
        line,
      };
  }
}

/** The results of the orders a player gave, as OrdersChecked tells them (see CheckedOrder). */
export function checkedOrders(results: Omit<OrderResult, 'reused'>[]): CheckedOrder[] {
  let next: number | undefined = 1;
  return results.map(({ order, status, reason }): CheckedOrder => {
    const { line } = order;
    const usualLine = line === next;
    next = line === undefined ? undefined : line + 1;
    if (order.type === 'unreadable') {
      const u: CheckedOrder = { unreadable: order.text, rejected: order.message };
      return usualLine ? u : { ...u, line: line ?? null };
    }
    if (status === 'accepted' && usualLine) return formatOrder(order);
    const c: Exclude<CheckedOrder, string> = { order: formatOrder(order) };
    if (status === 'clamped') c.clamped = true;
    if (status === 'rejected') c.rejected = reason ?? '';
    if (!usualLine) c.line = line ?? null;
    return c;
  });
}

/** checkedOrders read back. */
export function givenResults(checked: CheckedOrder[]): OrderResult[] {
  const results: OrderResult[] = [];
  let next: number | undefined = 1;
  for (const c of checked) {
    const usual = typeof c === 'string';
    const line: number | undefined = usual || c.line === undefined ? next : (c.line ?? undefined);
    next = line === undefined ? undefined : line + 1;
    if (usual) {
      results.push({ order: readOrder(c, line), status: 'accepted', reason: null, reused: false });
      continue;
    }
    let order: GcOrder;
    if ('unreadable' in c) {
      order = { type: 'unreadable', text: c.unreadable, message: c.rejected };
      if (line !== undefined) order.line = line;
    } else order = readOrder(c.order, line);
    const status = c.rejected !== undefined ? 'rejected' : 'clamped' in c ? 'clamped' : 'accepted';
    results.push({ order, status, reason: c.rejected ?? null, reused: false });
  }
  return results;
}

type Parsed = { order: Omit<GcOrder, 'line'> } | { error: string };

/**
 * An order being read: its type, then its arguments in the order of their spec, then its line, each
 * added in turn. So every order of a type has one shape (spreading gives nearly each its own), which
 * keeps checking them fast.
 */
type Fields = Record<string, string | number>;

/** A field as quoted in a diagnostic: hostile input must not make huge messages. */
const quote = (field: string) => JSON.stringify(field.length > 24 ? `${field.slice(0, 24)}…` : field);

/** A code name as written in an order (runs of spaces count as one); players' names have ≤ 20 characters. */
function codeName(field: string): string | { error: string } {
  const name = field.trim().replace(/\s+/g, ' ');
  if (name.length === 0) return { error: 'the code name is missing' };
  if (name.length > 20) return { error: `no player is named ${quote(name)}` };
  return name;
}

/** Too many digits read as Infinity, which JSON (the event store) would turn into null. */
const notFinite = (what: string) => `${what} is not a finite number`;

/** An unsigned decimal integer (quantities above MAX_QUANTITY are capped), or an error message. */
function unsigned(field: string, what: string): number | string {
  if (!/^\d+$/.test(field)) return `${what} ${quote(field)} is not a number`;
  const n = Number(field);
  return Number.isFinite(n) ? Math.min(n, MAX_QUANTITY) : notFinite(what);
}

function parseFields(fields: string[]): Parsed {
  const code = fields[0].toUpperCase();
  const spec = ORDER_TYPES.find((s) => s.code === code);
  if (!spec) return { error: `unknown order ${quote(fields[0])}` };
  if (fields.length !== spec.args.length + 1) {
    const n = spec.args.length;
    return {
      error: `${spec.name} takes ${n} field${n === 1 ? '' : 's'} after ${code}, e.g. ${spec.example}`,
    };
  }
  const order: Fields = { type: spec.name };
  for (const [i, arg] of spec.args.entries()) {
    const field = fields[i + 1];
    if (arg.type === 'world' || arg.type === 'int') {
      const n = unsigned(field, arg.name);
      if (typeof n === 'string') return { error: n };
      if (n < 1) return { error: `${arg.name} must be at least 1` };
      order[arg.name] = n;
    } else if (arg.type === 'enum') {
      const item = itemOf(field.toUpperCase());
      if (!item || !arg.values?.includes(item))
        return {
          error: `${arg.name} ${quote(field)} must be one of ${arg.values?.map((v) => ITEM_TO_LETTER[v]).join(', ')}`,
        };
      order[arg.name] = item;
    } else {
      const name = codeName(field);
      if (typeof name !== 'string') return name;
      order[arg.name] = name;
    }
  }
  return { order: order as Omit<GcOrder, 'line'> };
}

function parseJsonOrder(value: unknown): Parsed {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'not an order object' };
  const raw = value as Record<string, unknown>;
  const spec = ORDER_TYPES.find((s) => s.name === raw.type);
  if (!spec)
    return { error: `unknown order type ${typeof raw.type === 'string' ? quote(raw.type) : '(none)'}` };
  // `line` is what parseOrders adds, so parsed orders can be sent back as JSON.
  const extra = Object.keys(raw).filter(
    (k) => !['type', 'line'].includes(k) && !spec.args.some((a) => a.name === k),
  );
  if (extra.length > 0) return { error: `unexpected field ${extra.join(', ')}` };
  const order: Fields = { type: spec.name };
  for (const arg of spec.args) {
    const field = raw[arg.name];
    if (arg.type === 'world' || arg.type === 'int') {
      if (typeof field === 'number' && !Number.isFinite(field)) return { error: notFinite(arg.name) };
      if (typeof field !== 'number' || !Number.isInteger(field) || field < 1)
        return { error: `${arg.name} must be a whole number of at least 1` };
      order[arg.name] = Math.min(field, MAX_QUANTITY);
    } else if (arg.type === 'enum') {
      const upper = typeof field === 'string' ? field.toUpperCase() : '';
      const item = arg.values?.includes(upper) ? upper : itemOf(upper);
      if (!item || !arg.values?.includes(item))
        return { error: `${arg.name} must be one of ${arg.values?.join(', ')}` };
      order[arg.name] = item;
    } else {
      const name = typeof field === 'string' ? codeName(field) : { error: `${arg.name} must be a code name` };
      if (typeof name !== 'string') return name;
      order[arg.name] = name;
    }
  }
  return { order: order as Omit<GcOrder, 'line'> };
}

const diagnostic = (line: number, severity: Diagnostic['severity'], message: string): Diagnostic => ({
  line,
  severity,
  message,
});

/** How much of an unreadable line the printout echoes. */
export const ECHO_LENGTH = 40;

/**
 * Never throws. Text: one order per line, comma-separated, `#` starts a comment line, blank lines
 * ignored. A text starting with `[` is read as a JSON array of orders (its `line` = position). Each
 * line (or item) that cannot be read gives an error and an unreadable order, echoed in the printout.
 */
export function parseOrders(text: string): ParsedOrders<GcOrder> {
  const orders: GcOrder[] = [];
  const diagnostics: Diagnostic[] = [];
  const take = (line: number, written: string, parsed: Parsed) => {
    if ('error' in parsed) {
      diagnostics.push(diagnostic(line, 'error', `rejected: ${parsed.error}`));
      orders.push({ type: 'unreadable', text: echo(written, ECHO_LENGTH), message: parsed.error, line });
    } else {
      const order = parsed.order as GcOrder;
      order.line = line;
      orders.push(order);
    }
  };
  const unreadable = (written: string, error: string) => {
    take(1, written, { error });
    return { orders, diagnostics };
  };
  if (typeof text !== 'string') return unreadable('', 'no text');
  if (text.trimStart().startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      // The parser's own message is a JavaScript error text: not for players.
      return unreadable(text, 'invalid JSON');
    }
    if (!Array.isArray(items)) return unreadable(text, 'not a JSON array');
    items.forEach((item, i) => take(i + 1, jsonText(item), parseJsonOrder(item)));
    return { orders, diagnostics };
  }
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    take(i + 1, line, parseFields(line.split(',').map((f) => f.trim())));
  });
  return { orders, diagnostics };
}
