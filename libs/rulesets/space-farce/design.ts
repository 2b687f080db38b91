import {
  CRAFT_TYPES,
  IND,
  PRE,
  type Body,
  type Cargo,
  type Craft,
  type CraftType,
  type Empire,
  type Ship,
  type Tech,
  plural,
} from './state';

/**
 * Designs from single-letter systems (digest §6.3, §6.4): reading and writing them, the rules a ship,
 * a space base or a ground base must follow, and what they cost to build and keep.
 */

/** The systems (§6.4). `CMD` is written `(CMD)` in a design, as the book's DN1. */
export const SYSTEMS = ['O', '/\\', 'S', 'A', 'E', 'V', 'D', 'C', 'CMD', '*', '?', 'Sy'] as const;
export type SystemSymbol = (typeof SYSTEMS)[number];

/** Spaces (and BP) a system takes: Sy 3, every other 1. */
export const spacesOf = (s: SystemSymbol): number => (s === 'Sy' ? 3 : 1);

export type DesignKind = 'ship' | 'base' | 'groundBase';

/** Ship hulls (§6.3): patrol craft/escorts 2, destroyers 3, cruisers 6, battleships 9, dreadnoughts 12. */
export const HULL_SIZES = [2, 3, 6, 9, 12];
/** Space bases: 6–24 in multiples of 3 (§6.3 Decision). */
export const BASE_SIZES = { min: 6, max: 24 };
/** Ground bases: any multiple of 3 (§6.312); this bound only keeps numbers sane. */
export const MAX_GROUND_BASE = 99;
/** §6.312: the systems a ground base may have (the book's "A." and "CIC"). */
export const GROUND_BASE_SYSTEMS: readonly SystemSymbol[] = ['A', '/\\', 'V', 'C', 'CMD', 'D'];
/** Planets build ships of at most this many spaces (§6.31). */
export const PLANET_SHIP_MAX = 3;
/** Longest design text read: a 99-space ground base of (CMD) is 495 characters, far beyond any real one. */
export const MAX_DESIGN_TEXT = 500;

/** The default damage priority (§7.5): the first listed is destroyed first. */
export const DEFAULT_DAMAGE_PRIORITY: readonly SystemSymbol[] = [
  'A',
  'S',
  'C',
  '*',
  '?',
  'CMD',
  'V',
  'D',
  'Sy',
  'E',
  '/\\',
  'O',
];

/** One system's symbol as written in orders and lists (`CMD`, not `(CMD)`), any case. */
export function parseSymbol(text: string): SystemSymbol | null {
  const t = text.toUpperCase();
  if (t === 'CIC') return 'CMD';
  return SYSTEMS.find((s) => s.toUpperCase() === t) ?? null;
}

/**
 * A design as written (`SSAAOO/\/\?(CMD)EE`), in any case: `CMD` (or `CIC`, bracketed or not) is the
 * command centre, `Sy` a shipyard, `/\` a missile. Returns its systems in order, or a message.
 */
export function parseDesign(text: string): SystemSymbol[] | string {
  if (text.length > MAX_DESIGN_TEXT) return `a design has at most ${MAX_DESIGN_TEXT} characters`;
  const t = text.toUpperCase();
  const systems: SystemSymbol[] = [];
  for (let i = 0; i < t.length;) {
    const rest = t.slice(i);
    const long = /^(\((CMD|CIC)\)|CMD|CIC|SY|\/\\)/.exec(rest);
    if (long) {
      systems.push(long[0] === 'SY' ? 'Sy' : long[0] === '/\\' ? '/\\' : 'CMD');
      i += long[0].length;
      continue;
    }
    const one = SYSTEMS.find((s) => s.length === 1 && s === rest[0]);
    if (!one) {
      const shown = JSON.stringify(text[i]);
      return `${shown} at position ${i + 1} is no system: use O /\\ S A E V D C (CMD) * ? Sy`;
    }
    systems.push(one);
    i++;
  }
  return systems.length > 0 ? systems : 'a design has at least one system';
}

export const formatDesign = (systems: readonly SystemSymbol[]): string =>
  systems.map((s) => (s === 'CMD' ? '(CMD)' : s)).join('');

/** The size in spaces of a design (§6.3), which is also its cost in BP. */
export const sizeOf = (systems: readonly SystemSymbol[]): number =>
  systems.reduce((n, s) => n + spacesOf(s), 0);

export const countOf = (systems: readonly SystemSymbol[], symbol: SystemSymbol): number =>
  systems.filter((s) => s === symbol).length;

/** The systems of a canonical design text, read once (designs repeat across many ships). */
const parsed = new Map<string, readonly SystemSymbol[]>();
export function systemsOf(design: string): readonly SystemSymbol[] {
  let systems = parsed.get(design);
  if (!systems) {
    const read = parseDesign(design);
    if (typeof read === 'string') throw new Error(`not a design: ${design}`);
    systems = read;
    parsed.set(design, systems);
  }
  return systems;
}

/** Spaces of a unit's systems not destroyed (§7.8 losses, §4.2 IF LOSSES). */
export const spacesLeft = (design: string, destroyed: readonly number[]): number =>
  systemsOf(design).reduce((n, x, i) => n + (destroyed.includes(i) ? 0 : spacesOf(x)), 0);

/** Operational systems of a symbol: those of the design not in `destroyed` (indices). */
export function operational(design: string, destroyed: readonly number[], symbol: SystemSymbol): number {
  let n = 0;
  systemsOf(design).forEach((s, i) => {
    if (s === symbol && !destroyed.includes(i)) n++;
  });
  return n;
}

const sizes = (kind: DesignKind) =>
  kind === 'ship'
    ? HULL_SIZES.join(', ')
    : kind === 'base'
      ? `${BASE_SIZES.min} to ${BASE_SIZES.max} in multiples of 3`
      : `a multiple of 3 up to ${MAX_GROUND_BASE}`;

/**
 * Why a design cannot be built as `kind` (§6.3, §6.312), or null. A ground base extension is checked
 * alone (§6.312: it too is a multiple of 3).
 */
export function designError(systems: readonly SystemSymbol[], kind: DesignKind): string | null {
  const size = sizeOf(systems);
  const sized =
    kind === 'ship'
      ? HULL_SIZES.includes(size)
      : kind === 'base'
        ? size >= BASE_SIZES.min && size <= BASE_SIZES.max && size % 3 === 0
        : size % 3 === 0 && size <= MAX_GROUND_BASE;
  const what = kind === 'groundBase' ? 'ground base' : kind;
  if (!sized) return `a ${what} of ${plural(size, 'space')}: the size must be ${sizes(kind)}`;
  if (kind === 'groundBase') {
    const other = systems.find((s) => !GROUND_BASE_SYSTEMS.includes(s));
    return other === undefined
      ? null
      : `a ground base may have only A /\\ V C (CMD) D, not ${other === 'CMD' ? '(CMD)' : other}`;
  }
  // §6.3: ships need an engine to move; bases one for power (Decision).
  return countOf(systems, 'E') === 0 ? `a ${what} needs at least one E` : null;
}

/**
 * Why an empire of this technology cannot build the design (§6.5 PRE and IND columns, §3.6), or null:
 * pre-industrial races build only PCF; IND shields cannot be built; IND engines only on bases.
 */
export function techError(systems: readonly SystemSymbol[], kind: DesignKind, tech: Tech): string | null {
  if (tech.GEN <= PRE) return 'a pre-industrial race builds only PCF';
  if (tech.SHLD <= IND && systems.includes('S')) return 'S needs Shield technology 0';
  if (tech.ENG <= IND && kind === 'ship')
    return 'ships need Engine technology 0 (IND engines power bases only)';
  return null;
}

/** §6.2: ceil(spaces / 10) MP a month for a ship, space base or ground base. */
export const unitMaintenance = (size: number): number => Math.ceil(size / 10);
/** §6.2: ceil(count / 10) MP a month for a group of PCF. */
export const pcfMaintenance = (count: number): number => Math.ceil(count / 10);
/** §6.41: each mine adds 1 MP to its protected target's. */
export const mineMaintenance = (mines: number): number => mines;

/** §6.3: small craft cost ½ BP each. Decision: an order for an odd number pays the half BP up. */
export const craftCost = (count: number): number => Math.ceil(count / 2);
/** §6.3: PCF 1 BP each, mines 1 BP each. */
export const PCF_COST = 1;
export const MINE_COST = 1;

/** Cargo (§6.1): what one C holds of each thing. */
export const PER_C = { mp: 10, bp: 1, pcf: 1, trade: 1, mines: 1, craft: 2 } as const;
/** Colonists take 10 C per EP (§6.1). */
export const C_PER_COLONIST_EP = 10;
/** Small craft a V bay holds (§6.4). */
export const CRAFT_PER_V = 2;

const craftCount = (c: Craft) => CRAFT_TYPES.reduce((n, t) => n + c[t], 0);

/** Free room for small craft in a unit's operational V bays. */
export const freeBays = (design: string, destroyed: readonly number[], craft: Craft): number =>
  CRAFT_PER_V * operational(design, destroyed, 'V') - craftCount(craft);

/** C systems a cargo fills (§6.1): 10 MP, 1 BP, 1 PCF, 1 trade EP or 1 mine a C; 10 C a colonist EP; 2 craft a C. */
export const cargoUsed = (c: Cargo): number =>
  Math.ceil(c.mp / PER_C.mp) +
  c.bp +
  (c.pcf?.count ?? 0) +
  c.colonists * C_PER_COLONIST_EP +
  c.trade +
  c.mines.beam +
  c.mines.missile +
  Math.ceil(craftCount(c.craft) / PER_C.craft);

/** Operational C of a ship or base not in use (negative when damage left it over-full). */
export const freeCargo = (x: Pick<Ship, 'design' | 'destroyed' | 'cargo'>): number =>
  operational(x.design, x.destroyed, 'C') - cargoUsed(x.cargo);

/** How many more of `item` fit in a ship's or base's operational C (a half-filled C takes the rest of its kind). */
export function room(
  x: Pick<Ship, 'design' | 'destroyed' | 'cargo'>,
  item: 'mp' | 'bp' | 'pcf' | CraftType,
): number {
  const free = freeCargo(x);
  if (free < 0) return 0;
  const per = item === 'mp' ? PER_C.mp : item === 'bp' || item === 'pcf' ? 1 : PER_C.craft;
  const held = item === 'mp' ? x.cargo.mp : per === 1 ? 0 : craftCount(x.cargo.craft);
  return (free + Math.ceil(held / per)) * per - held;
}

/** The damage priority an empire gives a design (§7.5): its list for the design, its default, or the book's. */
export const damagePriority = (e: Pick<Empire, 'damagePriority'>, design: string): readonly SystemSymbol[] =>
  e.damagePriority[design] ?? e.damagePriority.default ?? DEFAULT_DAMAGE_PRIORITY;

/**
 * The systems `n` hits destroy (§7.5; unpaid maintenance, §6.2, likewise): by `priority`, the symbols
 * it leaves out after in the book's order; within a symbol the later positions first (empty C and V
 * go first: cargo and craft are lost only as space runs out).
 */
export function damage(
  design: string,
  destroyed: readonly number[],
  priority: readonly SystemSymbol[],
  n: number,
): number[] {
  const systems = systemsOf(design);
  const order = [...priority, ...DEFAULT_DAMAGE_PRIORITY.filter((x) => !priority.includes(x))];
  const out: number[] = [];
  for (const symbol of order)
    for (let i = systems.length - 1; i >= 0 && out.length < n; i--)
      if (systems[i] === symbol && !destroyed.includes(i)) out.push(i);
  return out;
}

/** §3.25 potential EP of a body, before Economy technology: H 40, R 10, G 4 × moons, I 4, belt 10. */
export function basePotential(body: Pick<Body, 'type' | 'moons'>): number {
  switch (body.type) {
    case 'H':
      return 40;
    case 'R':
      return 10;
    case 'G':
      return 4 * (body.moons ?? 0);
    case 'I':
      return 4;
    case 'Ast':
      return 10;
  }
}

/**
 * §6.5: Economy level k adds k to the potential of every area. Decision: a G planet without moons
 * stays at 0 (§3.2: it cannot be colonised).
 */
export const potential = (body: Pick<Body, 'type' | 'moons'>, economy: number): number => {
  const base = basePotential(body);
  return base === 0 ? 0 : base + Math.max(0, economy);
};
