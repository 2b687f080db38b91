import type { EventMetadata } from '@warpgate/contracts';
import {
  closeTurn,
  createGame,
  evolveGame,
  joinGame,
  resolveClosedTurn,
  startGame,
  stateHash,
  submitOrders,
  type Diagnostic,
  type Game,
  type NewEvent,
  type OrderArgSpec,
  type OrderTypeSpec,
  type ParsedOrders,
  type Rng,
  type Ruleset,
  type Settings,
  type Viewer,
  withMetadata,
} from '@warpgate/engine';
import { PAGE_WIDTH, printable } from './printout';

/**
 * Support of the hostile-orders specs: games driven by the platform's own decisions, every event
 * kept as the event store keeps it (JSON text), so that a submission goes exactly the way it goes
 * live: parsed and checked when submitted, stored, resolved, reported, viewed, hashed.
 */

const NOW = new Date('2030-01-01T00:00:00.000Z');

/**
 * Appends as the store does: the data goes through JSON.stringify and comes back parsed, with the
 * schema version of its type (which every event type must have).
 */
function store(ruleset: Ruleset, game: Game | undefined, events: NewEvent[]): Game {
  let next = game;
  const metadata = { actor: 'system', correlationId: 'hostile', schemaVersion: 1, time: NOW.toISOString() };
  for (const e of withMetadata(ruleset, events, metadata))
    next = evolveGame(ruleset, next, {
      ...(JSON.parse(JSON.stringify(e)) as { type: string; data: unknown; metadata: EventMetadata }),
      revision: (next?.revision ?? -1) + 1,
      time: NOW,
    });
  if (!next) throw new Error('no events');
  return next;
}

/** Players `p1`, `p2` … named after `empires`, the first one the creator; the game started. */
export function startHostileGame(
  ruleset: Ruleset,
  settings: Settings,
  empires: string[],
  seed: string,
): Game {
  const creator = { id: 'p1', role: 'player' as const };
  const schedule = { kind: 'period' as const, minutes: 1440 };
  const created = createGame(
    ruleset,
    { ruleset: ruleset.id, name: 'Hostile', settings, schedule },
    creator,
    { gameId: `hostile-${seed}`, seed },
    NOW,
  );
  let game = store(ruleset, undefined, created);
  empires.forEach((empire, i) => {
    const actor = { id: `p${i + 1}`, role: 'player' as const };
    game = store(ruleset, game, joinGame(ruleset, game, actor, empire, NOW));
  });
  return store(ruleset, game, startGame(ruleset, game, creator, NOW));
}

/** Throws unless the value survives a JSON round trip unchanged: no Infinity, NaN, Map, Date … */
export function assertJsonFinite(value: unknown, what: string): void {
  JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key];
    const plain =
      typeof raw === 'number'
        ? Number.isFinite(raw)
        : typeof raw !== 'object' ||
          raw === null ||
          Array.isArray(raw) ||
          Object.getPrototypeOf(raw) === Object.prototype;
    if (!plain) throw new Error(`${what} is not plain JSON: ${key} is ${String(raw)}`);
    return v;
  });
}

/** The columns a printout's line takes on the page, a tab reaching the next multiple of 8. */
export function pageColumns(line: string): number {
  let at = 0;
  for (const c of line) at = c === '\t' ? at + 8 - (at % 8) : at + 1;
  return at;
}

/**
 * One turn as the platform plays it: each text submitted (ready), the turn closed, resolved and
 * stored; then every report, every kind of view, the state hash and the outcome. Players left out
 * of `texts` miss the turn. Throws when a diagnostic shows a JavaScript error. Returns the game
 * after the turn, and the orders and diagnostics of the submissions.
 */
export function playHostileTurn(
  ruleset: Ruleset,
  start: Game,
  texts: Record<string, string>,
): { game: Game; orders: unknown[]; diagnostics: Diagnostic[] } {
  let game = start;
  const orders: unknown[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [id, text] of Object.entries(texts)) {
    const actor = { id, role: 'player' as const };
    const { events, submitted } = submitOrders(
      ruleset,
      game,
      actor,
      { text, ready: true },
      `${id}-${game.turn}`,
    );
    orders.push(...submitted.orders);
    diagnostics.push(...submitted.diagnostics);
    for (const d of submitted.diagnostics)
      if (JS_ERROR.test(d.message)) throw new Error(`a diagnostic shows a JavaScript error: ${d.message}`);
    game = store(ruleset, game, events);
  }
  if (!game.closed) game = store(ruleset, game, closeTurn(game, game.turn, 'admin', NOW));
  const resolved = resolveClosedTurn(ruleset, game);
  assertJsonFinite(resolved, `the resolution of turn ${game.turn}`);
  game = store(ruleset, game, resolved);
  const hash = resolved.find((e) => e.type === 'TurnResolved')?.data as { stateHash: string };
  if (stateHash(game.state) !== hash.stateHash)
    throw new Error('the stored state does not hash as the resolution said');
  const viewers: Viewer[] = [
    ...game.players.map((p): Viewer => ({ role: 'player', playerId: p.id })),
    { role: 'spectator' },
    { role: 'admin' },
  ];
  for (const viewer of viewers)
    assertJsonFinite(ruleset.view(game.state, viewer), `the view of ${viewer.role}`);
  for (const p of game.players) {
    const report = ruleset.report(game.state, p.id);
    assertJsonFinite(report, `the report of ${p.id}`);
    const wide = report?.text.split('\n').find((line) => pageColumns(line) > PAGE_WIDTH);
    if (wide !== undefined)
      throw new Error(`a line of the report of ${p.id} is wider than the page: ${wide}`);
  }
  assertJsonFinite(ruleset.outcome(game.state), 'the outcome');
  ruleset.currentTurn(game.state);
  return { game, orders, diagnostics };
}

/**
 * `games` games from `start`, two turns each, in which every player sends random text (4 times in
 * 6), random JSON (once) or nothing; returns how many orders were accepted.
 */
export function playHostileGames(
  ruleset: Ruleset,
  start: Game,
  rng: Rng,
  games: number,
  write: { text: (game: Game, playerId: string) => string; json: (game: Game, playerId: string) => string },
): number {
  let accepted = 0;
  for (let c = 0; c < games; c++) {
    let game = start;
    for (let t = 0; t < 2 && game.status === 'running'; t++) {
      const texts: Record<string, string> = {};
      for (const { id } of game.players) {
        const roll = rng.int(0, 5);
        if (roll === 1) texts[id] = write.json(game, id);
        else if (roll > 1) texts[id] = write.text(game, id);
      }
      const played = playHostileTurn(ruleset, game, texts);
      accepted += played.orders.length;
      game = played.game;
    }
  }
  return accepted;
}

/** An order a parser could not read: where, its echo and why. */
interface Unreadable {
  line?: number | null;
  text: string;
  message: string;
}

/**
 * What any submission must give: one error diagnostic on the line of each unreadable order (the
 * `unreadable` ones) and none elsewhere, short printable echoes and messages, plain JSON with safe
 * whole numbers up to `maxNumber`. Returns what breaks these (checked without `expect`, which is slow
 * for thousands of texts).
 */
export function parserProblems<O>(
  { orders, diagnostics }: ParsedOrders<O>,
  unreadable: (order: O) => Unreadable | null,
  {
    echoLength,
    maxNumber,
    messageLength = 200,
  }: { echoLength: number; maxNumber: number; messageLength?: number },
): string[] {
  const found: string[] = [];
  const unread = orders.flatMap((o) => unreadable(o) ?? []);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (
    JSON.stringify(errors.map((d) => [d.line, d.message])) !==
    JSON.stringify(unread.map((o) => [o.line, o.message]))
  )
    found.push('errors and unreadable orders differ');
  for (const d of diagnostics)
    if (JS_ERROR.test(d.message) || d.message !== printable(d.message) || d.message.length >= messageLength)
      found.push(`message ${d.message}`);
  for (const o of unread)
    if (o.text !== printable(o.text) || o.text.length > echoLength) found.push(`echo ${o.text}`);
  JSON.stringify(orders, (_key, v: unknown) => {
    if (typeof v === 'number' && !(Number.isSafeInteger(v) && v >= 0 && v <= maxNumber))
      found.push(`number ${v}`);
    return v;
  });
  return found;
}

/**
 * Texts to throw at an order parser: the empty text, NUL, a lone quote, 10,000 `;`, the ruleset's
 * `extra`, broken and non-finite JSON, its `sample` JSON array, random bytes; then `rounds` times a
 * random run of `alphabet` and what `random` makes (random orders in the ruleset's forms).
 */
export function hostileTexts(
  rng: Rng,
  {
    alphabet,
    sample,
    extra = [],
    rounds,
    random,
  }: {
    alphabet: string;
    sample: string;
    extra?: string[];
    rounds: number;
    random: () => string[];
  },
): string[] {
  const texts = [
    '',
    '\u0000',
    '"',
    ';'.repeat(10_000),
    ...extra,
    '[',
    '[1e400, NaN]',
    sample,
    Buffer.from(Array.from({ length: 5000 }, () => rng.int(0, 255))).toString('latin1'),
    Buffer.from(Array.from({ length: 5000 }, () => rng.int(0, 255))).toString('utf8'),
  ];
  for (let i = 0; i < rounds; i++) {
    texts.push(Array.from({ length: rng.int(0, 80) }, () => rng.pick([...alphabet])).join(''));
    texts.push(...random());
  }
  return texts;
}

/** Each text parsed: what breaks `problems` (with the start of the text), and how many orders were read. */
export function parseEach<O>(
  texts: string[],
  parse: (text: string) => ParsedOrders<O>,
  problems: (parsed: ParsedOrders<O>) => string[],
  readable: (order: O) => boolean,
): { found: string[]; read: number } {
  let read = 0;
  const found: string[] = [];
  for (const text of texts) {
    const parsed = parse(text);
    assertJsonFinite(parsed, 'the parsed orders');
    found.push(...problems(parsed).map((p) => `${p} in ${JSON.stringify(text.slice(0, 100))}`));
    read += parsed.orders.filter(readable).length;
  }
  return { found, read };
}

/** What a diagnostic must never show: the text of a JavaScript error or of a stringified object. */
export const JS_ERROR =
  /(Type|Range|Syntax|Reference)Error|Cannot (read|set|convert)|is not (a function|iterable|defined)|Maximum call stack|in JSON at position|Unexpected (token|end)|undefined|\[object /;

/** A number too large to be finite: it reads as Infinity. */
export const HUGE = '9'.repeat(401);

/** Hostile words and numbers for order texts. */
export const HOSTILE_TOKENS = [
  HUGE,
  `-${HUGE}`,
  `${HUGE}.5`,
  `1${'0'.repeat(308)}`,
  `1${'0'.repeat(309)}`,
  '1e999',
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '0.0000000001',
  '9007199254740993',
  '.5',
  '5.',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '""',
  '"',
  "'",
  ';',
  'x'.repeat(40),
  '\u202e',
  '\u0000',
  'é',
];

/** Hostile JSON values, as JSON text (1e999 and its like read as ±Infinity). */
export const HOSTILE_JSON = [
  '1e999',
  '-1e999',
  HUGE,
  `-${HUGE}`,
  '1e308',
  '-1e308',
  '5e-324',
  '-0',
  '1.5',
  '-1',
  '0',
  'null',
  'true',
  '[]',
  '{}',
  '[1e999]',
  '{"__proto__":{"x":1}}',
  '"__proto__"',
  '"constructor"',
  '"toString"',
  '"hasOwnProperty"',
  '""',
  '"MAX"',
  JSON.stringify('x'.repeat(300)),
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];

/** Order type names that are Object's own. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** A random order of `orderTypes`: arguments from `values` (now and then one too few), one in six from `hostile`. */
export function randomOrder(
  rng: Rng,
  orderTypes: OrderTypeSpec[],
  values: (arg: OrderArgSpec) => string[],
  hostile: string[],
): { spec: OrderTypeSpec; args: string[] } {
  const spec = rng.pick(orderTypes);
  const args = rng.int(0, 9) === 0 ? spec.args.slice(1) : spec.args;
  return { spec, args: args.map((a) => (rng.int(0, 5) === 0 ? rng.pick(hostile) : rng.pick(values(a)))) };
}

/** Numbers and booleans as they are, anything else a JSON string. */
export const jsonValue = (value: string): string =>
  /^(true|false|-?[\d.]+)$/.test(value) ? value : JSON.stringify(value);

/**
 * A JSON array of random orders (see randomOrder), one in ten of them with a type named after one
 * of Object's own properties or with a `__proto__` field; `json` writes an argument's value.
 */
export function randomJsonOrders(
  rng: Rng,
  orderTypes: OrderTypeSpec[],
  values: (arg: OrderArgSpec) => string[],
  json: (value: string, arg: OrderArgSpec, spec: OrderTypeSpec) => string = jsonValue,
): string {
  const orders = Array.from({ length: rng.int(1, 6) }, () => {
    const { spec, args } = randomOrder(rng, orderTypes, values, HOSTILE_JSON);
    const type = rng.int(0, 9) === 0 ? rng.pick(PROTOTYPE_NAMES) : spec.name;
    const fields = [
      `"type":${JSON.stringify(type)}`,
      ...args.map((value, i) => {
        const arg = spec.args[i];
        return `${JSON.stringify(arg.name)}:${HOSTILE_JSON.includes(value) ? value : json(value, arg, spec)}`;
      }),
      ...(rng.int(0, 9) === 0 ? [`"__proto__":${rng.pick(HOSTILE_JSON)}`] : []),
    ];
    return `{${fields.join(',')}}`;
  });
  return `[${orders.join(',')}]`;
}
