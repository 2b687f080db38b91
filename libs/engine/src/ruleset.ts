import type { Rng } from './rng';

/**
 * The contract every rule system implements, in the decide/evolve style: a game is a plain JSON
 * state folded from events, and a turn is resolved by a pure function of state, orders and an RNG.
 */

/** A domain event of a ruleset: type `<ruleset id>.<Name>`, data plain JSON (no Date, bigint, class). */
export interface RulesetEvent<D = unknown> {
  type: string;
  data: D;
}

export interface PlayerRef {
  id: string;
  /** The empire / code name the player chose; checked with `validateEmpireName`. */
  name: string;
}

export type Viewer = { role: 'player'; playerId: string } | { role: 'spectator' } | { role: 'admin' };

/** One finding about a submission. `line` is 1-based (a text line, or the position in a JSON array). */
export interface Diagnostic {
  line: number | null;
  severity: 'info' | 'warning' | 'error';
  message: string;
}

export interface ParsedOrders<O> {
  orders: O[];
  diagnostics: Diagnostic[];
}

export type SettingValue = number | boolean | string;
export type Settings = Record<string, SettingValue>;

export type SettingSpec = {
  name: string;
  help: string;
  /**
   * Set by the server, never by a game's creator: a new game gets the default (GET /rulesets leaves
   * the setting out, POST /games refuses it). A game stored before the setting existed has none:
   * `setup` gives it the value such games were set up by.
   */
  fixed?: true;
} & (
  | { type: 'int'; default: number; min: number; max: number }
  | { type: 'bool'; default: boolean }
  | { type: 'enum'; default: string; values: string[] }
);

/** One argument of an order, enough for a generic client to build a form field. */
export interface OrderArgSpec {
  name: string;
  type: 'int' | 'world' | 'enum' | 'player' | 'string';
  min?: number;
  max?: number;
  values?: string[];
  /** An int's words the rulebook reads in place of a number (Galaxy's group MAX). */
  words?: string[];
  /** May be left blank: a form leaves it out of the order. */
  optional?: true;
  help?: string;
}

export interface OrderTypeSpec {
  /** The order's keyword in the rulebook's text syntax. */
  code: string;
  /** The order's `type` in the JSON form. */
  name: string;
  args: OrderArgSpec[];
  help: string;
  example: string;
}

export interface Standing {
  playerId: string;
  name: string;
  /** 1 + the number of players with a strictly better result: equal results share a rank. */
  rank: number;
  winner: boolean;
  score: number;
  /** Ruleset-specific totals shown with the standings (worlds, units …). */
  totals: Record<string, number>;
}

/** News worth a push of its own: the platform sends `combat` and `contact` at once, `news` with the report. */
export interface Notice {
  kind: 'combat' | 'contact' | 'news';
  text: string;
}

export interface Report<D> {
  /** The turn the player now writes orders for. */
  turn: number;
  data: D;
  text: string;
  notices: Notice[];
}

/**
 * S: the ruleset's state, O: one order, V: what `view` returns, D: a report's structured data.
 * Methods (not function properties) so that a concrete ruleset is assignable to `Ruleset`.
 */
export interface Ruleset<S = unknown, O = unknown, V = unknown, D = unknown> {
  id: string;
  title: string;
  /** What the rulebook calls a turn, in lower case: 'turn', Space Farce's 'month'. */
  turnName: string;
  players: { min: number; max: number };
  settings: SettingSpec[];
  orderTypes: OrderTypeSpec[];
  /** Error message, or null when `name` may be used by a new player (`taken`: names already in the game). */
  validateEmpireName(name: string, taken: string[]): string | null;
  /**
   * Events that create the game. Missing settings take their defaults, but for a missing fixed one
   * (see SettingSpec.fixed) the value games stored before it were set up by; invalid ones throw (the
   * lobby checks them first with `resolveSettings`).
   */
  setup(settings: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[];
  initialState(): S;
  /** Bumped whenever `evolve` folds events differently: cached folds (snapshots) of other versions are ignored. */
  foldVersion: number;
  /**
   * The format of `report`'s output, recorded with each report's hash (ReportIssued): raised whenever
   * the output of the same state changes, since a report printed by another format cannot be rebuilt
   * to its hash. 1 is every printout older than the first recorded format.
   */
  reportVersion: number;
  /** Pure: never mutates `state`. Unknown event types leave the state unchanged. */
  evolve(state: S, event: RulesetEvent): S;
  /**
   * Optional: `evolve` over `events` in turn, where nobody sees the states in between (a replay's
   * fold, a resolution's events), so a ruleset can spare copying each of them. Pure as `evolve`.
   */
  evolveAll?(state: S, events: readonly RulesetEvent[]): S;
  /**
   * The schema version of each event type the ruleset writes, or still reads (`<id>.<Name>`): raised
   * when what an event says changes. Events are stored with it and never rewritten.
   */
  eventVersions: Readonly<Record<string, number>>;
  /** An event stored with schema `version` of its type, as `evolve` reads it now. */
  upcast(event: RulesetEvent, version: number): RulesetEvent;
  /** Never throws. Accepts the rulebook's text syntax or a JSON array of orders. */
  parseOrders(text: string): ParsedOrders<O>;
  /** The order as a line (a few, for a multi-line order) of the rulebook's text that parseOrders reads back as it. */
  formatOrder(order: O): string;
  /** Dry run against the current state: what would be accepted, reduced or rejected. */
  checkOrders(state: S, playerId: string, orders: O[]): Diagnostic[];
  /**
   * Pure and deterministic. Players absent from `ordersByPlayer` missed the turn; the ruleset's
   * missed-turn rule applies to them.
   */
  resolveTurn(state: S, ordersByPlayer: Record<string, O[]>, rng: Rng): RulesetEvent[];
  /** The only way state leaves the engine: reports, pushes and replays are all built from it. */
  view(state: S, viewer: Viewer): V;
  /**
   * The player's printout after the last resolution, built from `view` only; null when the rulebook
   * gives them none (a race removed turns ago): then none is issued.
   */
  report(state: S, playerId: string): Report<D> | null;
  /** The turn players write orders for now. */
  currentTurn(state: S): number;
  /** null while the game runs, else the final standings, best first. */
  outcome(state: S): Standing[] | null;
  /**
   * What stays between players even in a finished game's open record (Galaxy's private messages),
   * left out for `reader`: a player's id, or null for anyone else. Absent: the record has nothing private.
   */
  privacy?: {
    /** One of the ruleset's events as the reader may see it; undefined: not at all. */
    event(event: RulesetEvent, reader: string | null): RulesetEvent | undefined;
    /** The orders `author` submitted, as the reader may see them. */
    orders(orders: O[], author: string, reader: string | null): O[];
    /** The state the reader's views of the record are made from. */
    state(state: S, reader: string | null): S;
  };
}

/**
 * Defaults filled in, unknown names dropped, out-of-range or mistyped values reported (the lobby
 * shows the errors; setup only ever sees resolved settings).
 */
export function resolveSettings(
  specs: SettingSpec[],
  input: Record<string, unknown>,
): { settings: Settings; errors: string[] } {
  const settings: Settings = {};
  const errors: string[] = [];
  for (const spec of specs) {
    const value = input[spec.name];
    if (value === undefined) {
      settings[spec.name] = spec.default;
    } else if (spec.type === 'int') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < spec.min || value > spec.max)
        errors.push(`${spec.name}: an integer from ${spec.min} to ${spec.max}`);
      else settings[spec.name] = value;
    } else if (spec.type === 'bool') {
      if (typeof value !== 'boolean') errors.push(`${spec.name}: true or false`);
      else settings[spec.name] = value;
    } else if (typeof value !== 'string' || !spec.values.includes(value)) {
      errors.push(`${spec.name}: one of ${spec.values.join(', ')}`);
    } else {
      settings[spec.name] = value;
    }
  }
  return { settings, errors };
}
