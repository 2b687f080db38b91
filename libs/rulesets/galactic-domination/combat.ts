import type { Rng } from '@warpgate/engine';
import {
  byUnit,
  compareUnitIds,
  findFleet,
  newUnitIds,
  planetAt,
  playerById,
  stanceOf,
  unitIdParts,
} from './evolve';
import { adjacent, type LocId } from './hex';
import type {
  Alloc,
  BattleRecord,
  Effect,
  Fleet,
  FleetStance,
  GdState,
  Planet,
  PlayerId,
  Turn,
  Unit,
  UnitId,
} from './state';
import {
  fleetSpeed,
  HULLS,
  odsStats,
  TERRAN,
  TERRAN_NAVY,
  typeOfCode,
  UNIT_TYPES,
  UNITS,
  type RaceCode,
  type UnitType,
} from './tables';

/**
 * One battle of Galactic Domination (digest §6.1, §6.9, §6.12, §7.3): the units' dice and values,
 * the rounds, the allocation of hits, the carried units that survive it and its VP. Pure: every die
 * comes from the Rng handed in, in the order of §7.3 (documented at `fightBattle`).
 */

/** §7.3 step 5 Decision: a battle is broken off after this many rounds (round 0 not counted). */
export const MAX_ROUNDS = 50;

/** A unit as a battle sees it: its dice a round, each hitting on d10 ≤ `hitOn`, Defense and value. */
export interface Fighter {
  id: UnitId;
  type: UnitType;
  dice: number;
  hitOn: number;
  defense: number;
  /** Book value in $ (§6.12: an ODS at its Defense, a GBDS at $2, a hull at the hull table's). */
  cost: number;
}

/**
 * A unit's combat values: its type's, its race's ODS, or an incomplete hull's (§6.1, §6.5); with
 * `terranNavy`, a Terran warship's altered Attack and Defense (Appendix N).
 */
export function fighter(u: Unit, terranNavy = false): Fighter {
  const race = unitIdParts(u.id).race;
  const stats = u.type === 'ODS' ? odsStats(race as RaceCode) : UNITS[u.type];
  const altered = terranNavy && race === TERRAN ? TERRAN_NAVY[u.type] : undefined;
  const hull = u.hull ? HULLS[u.type] : undefined;
  return hull
    ? { id: u.id, type: u.type, dice: 0, hitOn: 0, defense: hull.defense, cost: hull.value }
    : {
        id: u.id,
        type: u.type,
        dice: altered?.attack ?? stats.dice,
        hitOn: altered?.attack ?? stats.hitOn,
        defense: altered?.defense ?? stats.defense,
        cost: stats.cost,
      };
}

/** A unit in a battle this turn: a BB that fired on a planet's MI gave up its fire, but is still a target (§6.8). */
function armedFighter(s: GdState, u: Unit): Fighter {
  const f = fighter(u, s.options.terranNavy === true);
  return s.log.bombarded.includes(u.id) ? { ...f, dice: 0, hitOn: 0 } : f;
}

/** Book value of units (§6.12), carried ones included. */
export const unitsValue = (units: readonly Unit[]): number =>
  units.reduce((sum, u) => sum + fighter(u).cost, 0);

/** How a side takes its hits (§7.3 step 3): a stance's policy, or `maxValue` for NPC units (§10.4). */
export type Policy = Alloc | { policy: 'maxValue' };

/** A unit taking hits: its remaining Defense is `defense − damage`. */
export interface Target {
  id: UnitId;
  type: UnitType;
  cost: number;
  defense: number;
  damage: number;
}

const left = (u: Target) => u.defense - u.damage;
const byCheapest = (a: Target, b: Target) =>
  a.cost - b.cost || left(a) - left(b) || compareUnitIds(a.id, b.id);

/**
 * Where `hits` go among `units` (§7.3 step 3): the units destroyed, in the order taken, and the
 * hits each survivor takes. Pure.
 */
export function allocateHits(
  units: readonly Target[],
  hits: number,
  policy: Policy,
): { killed: UnitId[]; damage: Record<UnitId, number> } {
  const killed: UnitId[] = [];
  const damage: Record<UnitId, number> = {};
  let rest = hits;
  const kill = (u: Target) => {
    killed.push(u.id);
    rest -= left(u);
  };
  const hurt = (u: Target, n: number) => {
    if (n <= 0) return;
    damage[u.id] = n;
    rest -= n;
  };
  if (rest >= units.reduce((sum, u) => sum + left(u), 0)) {
    [...units].sort(byCheapest).forEach(kill);
    return { killed, damage };
  }
  if (policy.policy === 'minLoss') {
    // Put r − 1 on every unit first: each hit beyond that must kill one more, the cheapest.
    const k = Math.max(0, rest - units.reduce((sum, u) => sum + left(u) - 1, 0));
    const cheapest = [...units].sort(byCheapest);
    cheapest.slice(0, k).forEach(kill);
    for (const u of cheapest.slice(k).sort((a, b) => a.cost - b.cost || compareUnitIds(a.id, b.id)))
      hurt(u, Math.min(rest, left(u) - 1));
  } else if (policy.policy === 'priority') {
    // Decision: types the list leaves out come after it, in the canonical order.
    const rank = (t: UnitType) => {
      const i = policy.types.indexOf(t);
      return i >= 0 ? i : policy.types.length + UNIT_TYPES.indexOf(t);
    };
    const order = [...units].sort((a, b) => rank(a.type) - rank(b.type) || compareUnitIds(a.id, b.id));
    for (const u of order) {
      if (rest < left(u)) {
        hurt(u, rest);
        break;
      }
      kill(u);
    }
  } else {
    const order = [...units].sort(
      (a, b) => b.cost - a.cost || left(a) - left(b) || compareUnitIds(a.id, b.id),
    );
    const spared: Target[] = [];
    for (const u of order)
      if (rest >= left(u)) kill(u);
      else spared.push(u);
    if (spared.length > 0) hurt(spared[0], rest);
  }
  return { killed, damage };
}

/** One unit's dice of a round, each logged in `dice`: the hits (§6.1, GD-1). */
export function rollHits(rng: Rng, f: Fighter, dice: number[]): number {
  let hits = 0;
  for (let i = 0; i < f.dice; i++) {
    const d = rng.int(1, 10);
    dice.push(d);
    if (d <= f.hitOn) hits += 1;
  }
  return hits;
}

// ---- Attack under a card (§6.11, GD-16) ----

/**
 * The dice of `count` units of a type under a card's Attack modifier (+1 Superior Maneuvers, −1
 * Internal Intrigue): A ± 1 dice at ≤ A ± 1; Ftr +1: 2 dice at ≤6 each; Ftr −1: 3 dice at ≤3 a
 * pair and 2 at ≤2 for a single one; RA: (6 ± 1) + (6 ± 1) dice at ≤ 6 ± 1.
 */
export function cardDice(
  type: UnitType,
  count: number,
  modifier: 1 | -1,
  // The unit's own values: a Terran altered warship's differ from its type's (Appendix N).
  { dice, hitOn }: { dice: number; hitOn: number } = UNITS[type],
): { dice: number; hitOn: number }[] {
  if (dice === 0 || count === 0) return [];
  if (type === 'Ftr') {
    if (modifier > 0) return [{ dice: 2 * count, hitOn: 6 }];
    const pairs = Math.floor(count / 2);
    return [
      ...(pairs > 0 ? [{ dice: 3 * pairs, hitOn: 3 }] : []),
      ...(count % 2 === 1 ? [{ dice: 2, hitOn: 2 }] : []),
    ];
  }
  const a = hitOn + modifier;
  // RA's 6+6: two volleys of A dice.
  const volleys = dice / hitOn;
  return a > 0 ? [{ dice: volleys * a * count, hitOn: a }] : [];
}

/** A card's Attack modifier on units of a side, from a round of the battle on (§6.11). */
export interface CardModifier {
  units: readonly UnitId[];
  modifier: 1 | -1;
  from: number;
}

/**
 * The fighters of a side as they fire in `round` (those alive, in order) under the cards in force:
 * a unit's modifiers add up, at most ±1 (Superior Maneuvers and Internal Intrigue cancel out,
 * Decision); Ftr under −1 fire in pairs (GD-16), the first of a pair rolling the pair's dice.
 */
export function underCards(
  fighters: readonly Fighter[],
  cards: readonly CardModifier[],
  round: number,
): Fighter[] {
  const modifierOf = (f: Fighter) =>
    f.dice === 0
      ? 0
      : Math.sign(
          cards.reduce((m, c) => m + (round >= c.from && c.units.includes(f.id) ? c.modifier : 0), 0),
        );
  const weakFtr = fighters.filter((f) => f.type === 'Ftr' && modifierOf(f) < 0).map((f) => f.id);
  return fighters.map((f) => {
    const modifier = modifierOf(f);
    if (modifier === 0) return f;
    const i = weakFtr.indexOf(f.id);
    if (i % 2 === 1) return { ...f, dice: 0 };
    const count = i >= 0 && i + 1 < weakFtr.length ? 2 : 1;
    const [values] = cardDice(f.type, count, modifier as 1 | -1, f);
    return { ...f, dice: values?.dice ?? 0, hitOn: values?.hitOn ?? 0 };
  });
}

export interface BattleSideSpec {
  fighters: Fighter[];
  policy: Policy;
  /** Cards in force on the side's units (none: their own values). */
  cards?: CardModifier[];
}

export interface BattleOutcome {
  /** Hits scored by each side in each round; with a free shot, round 0 is the GBDS's. */
  hits: number[][];
  /** Every die in the order rolled. */
  dice: number[];
  /** Each side's units destroyed, in the order they fell. */
  lost: UnitId[][];
  /** Each side has units left. */
  standing: [boolean, boolean];
  /** The side with units left when the other has none; null for a stalemate, the round cap or both gone. */
  winner: 0 | 1 | null;
}

/**
 * Fights a battle to its end (§7.3): no retreat; it ends when a side has no units, when neither has
 * dice left (stalemate) or after MAX_ROUNDS rounds. Damage lasts the battle only (§6.1, GD-2).
 *
 * Dice order: with `freeShot` (an orbital battle), first round 0, in which side `first`'s GBDS alone
 * fire (§7.2, not the ODS); then each round side `first` (the defender) and then the other, each
 * side's units in the order given (the caller's canonical order), each unit all its dice at once.
 */
export function fightBattle(
  rng: Rng,
  sides: [BattleSideSpec, BattleSideSpec],
  first: 0 | 1,
  freeShot: boolean,
): BattleOutcome {
  const alive: Target[][] = sides.map((s) => s.fighters.map((f) => ({ ...f, damage: 0 })));
  const byId = new Map(sides.flatMap((s) => s.fighters.map((f) => [f.id, f])));
  const out: BattleOutcome = { hits: [], dice: [], lost: [[], []], standing: [true, true], winner: null };
  const fire = (side: number, round: number, only: (f: Fighter) => boolean) =>
    underCards(
      alive[side].map((u) => byId.get(u.id) as Fighter),
      sides[side].cards ?? [],
      round,
    ).reduce((n, f) => (only(f) ? n + rollHits(rng, f, out.dice) : n), 0);
  const take = (side: number, hits: number) => {
    if (hits === 0 || alive[side].length === 0) return;
    const { killed, damage } = allocateHits(alive[side], hits, sides[side].policy);
    out.lost[side].push(...killed);
    alive[side] = alive[side]
      .filter((u) => !killed.includes(u.id))
      .map((u) => ({ ...u, damage: u.damage + (damage[u.id] ?? 0) }));
  };
  const other = (1 - first) as 0 | 1;
  if (freeShot) {
    const hits = fire(first, 0, (f) => f.type === 'GBDS');
    out.hits.push(first === 0 ? [hits, 0] : [0, hits]);
    take(other, hits);
  }
  const armed = (side: number) => alive[side].some((u) => (byId.get(u.id) as Fighter).dice > 0);
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    if (alive[0].length === 0 || alive[1].length === 0 || (!armed(0) && !armed(1))) break;
    const scored = [0, 0];
    for (const side of [first, other]) scored[side] = fire(side, round, () => true);
    out.hits.push(scored);
    take(0, scored[1]);
    take(1, scored[0]);
  }
  out.standing = [alive[0].length > 0, alive[1].length > 0];
  out.winner = out.standing[0] && !out.standing[1] ? 0 : out.standing[1] && !out.standing[0] ? 1 : null;
  return out;
}

/**
 * The carried units that outlive a battle (§6.9, simple system, GD-9): MI up to the room of the
 * surviving carriers, Ftr up to 12 a surviving CV; the rest are lost, the highest ids first.
 * `units`: a pool (a fleet, natives) after the battle's losses. Returns the ids lost.
 */
export function carriedSurvivors(units: readonly Unit[]): UnitId[] {
  const room = { mi: 0, ftr: 0 };
  for (const u of units)
    if (!u.hull) {
      room.mi += UNITS[u.type].mi;
      room.ftr += UNITS[u.type].ftr;
    }
  const extra = (type: 'MI' | 'Ftr', keep: number) =>
    units
      .filter((u) => u.type === type)
      .map((u) => u.id)
      .sort(compareUnitIds)
      .slice(keep);
  return [...extra('MI', room.mi), ...extra('Ftr', room.ftr)];
}

/**
 * The VP of a battle between two sides (§6.12): 1 for the strategic victory (the other side has
 * nothing left), 1 for the tactical one (strictly smaller $ losses, or the strategic victor's when
 * equal). Both wiped out: equal losses 1 each; unequal 1 to the smaller (Decision). A stalemate or a
 * broken-off battle: only the tactical VP, when the losses differ. NPCs' VP are the caller's to drop.
 */
export function battleVp(losses: [number, number], standing: [boolean, boolean]): [number, number] {
  const vp: [number, number] = [0, 0];
  const strategic = standing[0] && !standing[1] ? 0 : standing[1] && !standing[0] ? 1 : null;
  if (strategic !== null) vp[strategic] += 1;
  if (losses[0] !== losses[1]) vp[losses[0] < losses[1] ? 0 : 1] += 1;
  else if (strategic !== null) vp[strategic] += 1;
  else if (!standing[0] && !standing[1]) return [1, 1];
  return vp;
}

/**
 * The surviving rows of the book's Battle Table (Appendix B, GD-10): by d20 roll, the hits of a unit
 * of each Attack. Reference values only: 17 of the 20 rows are lost, so battles roll single dice (§7.4).
 */
export const BATTLE_TABLE: Record<number, Record<string, number>> = {
  1: {
    '4*': 0,
    4: 0,
    5: 0,
    6: 1,
    7: 3,
    8: 4,
    9: 6,
    '4*x3': 0,
    '4*x4': 1,
    '4*x5': 1,
    '4*x6': 2,
    '6+6': 4,
    '8+8': 9,
  },
  2: {
    '4*': 0,
    4: 0,
    5: 1,
    6: 2,
    7: 3,
    8: 5,
    9: 7,
    '4*x3': 1,
    '4*x4': 1,
    '4*x5': 2,
    '4*x6': 3,
    '6+6': 5,
    '8+8': 10,
  },
  3: {
    '4*': 0,
    4: 0,
    5: 1,
    6: 2,
    7: 3,
    8: 5,
    9: 7,
    '4*x3': 1,
    '4*x4': 2,
    '4*x5': 2,
    '4*x6': 3,
    '6+6': 5,
    '8+8': 11,
  },
};

// ---- Shared by the encounters (encounters.ts) and the battles of a location ----

const d6 = (t: Turn) => t.rng.int(1, 6);

/** A Free or Neutral World's Resource value when first occupied: ceil(2D6 / 2) (§6.3). */
export const rollResource = (t: Turn): number => Math.ceil((d6(t) + d6(t)) / 2);

/** Interlude is in force: no non-player planet may be occupied this turn (§6.11). */
export const interlude = (s: GdState): boolean =>
  s.effects.some((e) => e.card === 'INTERLUDE' && e.until >= s.turn);

/** Player order (§5 A) of a player; NPCs (null) after everyone. */
export const rankOf = (s: GdState, player: PlayerId | null): number =>
  player === null ? s.order.length : s.order.indexOf(player);

/** First in (§6.2): the fastest fleet, then player order, then fleet number. */
export const byFirstIn =
  (s: GdState) =>
  (a: Fleet, b: Fleet): number =>
    fleetSpeed(b.units) - fleetSpeed(a.units) ||
    rankOf(s, a.owner) - rankOf(s, b.owner) ||
    Number(a.id.slice(1)) - Number(b.id.slice(1));

/** A unit of the state's shape for an id (NPC fleets exist only in the encounter record). */
export function unitOf(id: UnitId): Unit {
  const type = typeOfCode(unitIdParts(id).code) as UnitType;
  return { id, type, speedBonus: 0, hull: false };
}

// ---- The battles of a location (§7.1, §7.2) ----

/** One player's units at a location, or the NPCs' (player null). */
interface Force {
  player: PlayerId | null;
  fleets: Fleet[];
  /** It holds the planet here: its owner, or the natives of an owner-less one. */
  holder: boolean;
  /** Pirates or aliens of this turn's encounter here, not fought yet. */
  npc: Unit[];
  /** It was here when the segment began (the defender when no one holds a planet, §7.1 step 4). */
  incumbent: boolean;
}

const arrivedIn = (s: GdState, f: Fleet, loc: LocId, segment: number) =>
  s.log.moves.some((m) => m.owner === f.owner && m.fleet === f.id && m.to === loc && m.segment === segment);

/** Units of this turn's pirate and alien encounters at `loc` that have not fought yet (§10 #21). */
export function pendingNpc(s: GdState, loc: LocId): Unit[] {
  const fought = new Set(s.log.battles.flatMap((b) => b.sides.flatMap((side) => side.units)));
  return s.log.encounters
    .filter((e) => e.loc === loc)
    .flatMap((e) => e.npc)
    .filter((id) => !fought.has(id))
    .map(unitOf);
}

/** What holds a planet off: its GBDS and ODS, its MI, and its holder's ships. */
const defences = (p: Planet): Unit[] => [...p.gbds, ...(p.ods ? [p.ods] : [])];
const garrison = (p: Planet): Unit[] => [...p.mi, ...p.homeguard];

function forcesAt(s: GdState, loc: LocId, segment: number): Force[] {
  const p = planetAt(s, loc);
  const forces: Force[] = [];
  for (const player of s.order) {
    const fleets = s.fleets.filter((f) => f.owner === player && f.loc === loc);
    const holder = p?.owner === player;
    if (fleets.length > 0 || holder)
      forces.push({
        player,
        fleets,
        holder,
        npc: [],
        incumbent: holder || fleets.some((f) => !arrivedIn(s, f, loc, segment)),
      });
  }
  const npc = pendingNpc(s, loc);
  const natives =
    p !== null && p.owner === null && p.natives.length + defences(p).length + garrison(p).length > 0;
  if (npc.length > 0 || natives)
    forces.push({ player: null, fleets: [], holder: natives, npc, incumbent: natives });
  return forces;
}

/** A force's ships and Ftr: what fights a space battle (MI fight only on the ground). */
function ships(s: GdState, f: Force, loc: LocId): Unit[] {
  const natives = f.holder && f.player === null ? (planetAt(s, loc)?.natives ?? []) : [];
  return [...f.fleets.flatMap((x) => x.units), ...natives, ...f.npc].filter((u) => u.type !== 'MI');
}

/** Everything a force has here: its strength is their value (§7.1 step 3). */
function everything(s: GdState, f: Force, loc: LocId): Unit[] {
  const p = planetAt(s, loc);
  const planet = f.holder && p ? [...defences(p), ...garrison(p), ...p.natives] : [];
  return [...f.fleets.flatMap((x) => x.units), ...f.npc, ...planet];
}

/** The stance that speaks for a player's force: its first fleet's, or the player's default. */
const forceStance = (s: GdState, f: Force & { player: PlayerId }) =>
  f.fleets.length > 0 ? stanceOf(s, f.fleets[0]) : playerById(s, f.player).stance;

/** A side's hit allocation: NPCs maxValue (§10.4), allies pooled minLoss (§10 #37), else the stance's. */
function policyOf(s: GdState, side: Force[]): Policy {
  if (side.length > 1) return { policy: 'minLoss' };
  const [f] = side;
  return f.player === null ? { policy: 'maxValue' } : forceStance(s, { ...f, player: f.player }).alloc;
}

/**
 * The battles to fight now among `forces` (§7.1 step 3): two fight; of three, a force that was here
 * first allies by its stance with the weaker (or stronger) of the two that came, else the strongest
 * fights the other two; four or more are paired by strength (1v2, 3v4, …; Decision for 5+), the odd
 * one waits. Strength ties → player order (Decision; the book rolls), NPCs last.
 */
function engagements(s: GdState, loc: LocId, forces: Force[]): Force[][][] {
  const strength = new Map(forces.map((f) => [f, unitsValue(everything(s, f, loc))]));
  const ranked = [...forces].sort(
    (a, b) => (strength.get(b) ?? 0) - (strength.get(a) ?? 0) || rankOf(s, a.player) - rankOf(s, b.player),
  );
  if (forces.length === 2) return [[[forces[0]], [forces[1]]]];
  if (forces.length === 3) {
    const first = forces.filter((f) => f.incumbent);
    const host = first.length === 1 && first[0].player !== null ? first[0] : null;
    const preference = host
      ? forceStance(s, { ...host, player: host.player as PlayerId }).allyPreference
      : 'none';
    if (host && preference !== 'none') {
      const [stronger, weaker] = ranked.filter((f) => f !== host);
      const ally = preference === 'weaker' ? weaker : stronger;
      return [[[host, ally], [ally === weaker ? stronger : weaker]]];
    }
    return [[[ranked[0]], ranked.slice(1)]];
  }
  const pairs: Force[][][] = [];
  for (let i = 0; i + 1 < ranked.length; i += 2) pairs.push([[ranked[i]], [ranked[i + 1]]]);
  return pairs;
}

const sideKey = (side: Force[]) =>
  side
    .map((f) => f.player ?? '')
    .sort()
    .join('+');

/**
 * All the encounters and battles at `loc` at the end of segment `segment` (§5 G ii–v, §7.1), after
 * the turn driver drew the hex's Encounter card (drawEncounter) and fired BOMBARD orders:
 * 1. the Neutral World avoidance roll of each fleet that came this segment (§6.3);
 * 2. the Secret Shipyard search of each other empire that came in this turn (§6.6);
 * 3. a Rapid Response chit's fleet joining a fight with NPCs (§6.6 Special 6);
 * 4. space and orbital battles among the forces here, as §7.1 pairs them, until none is left to
 *    fight (a pairing that fought to a stalemate is not fought again this segment);
 * 5. the attack on a Secret Shipyard found here (§6.6 Special 3);
 * 6. invasion (§7.2): MI of fleets with `invade` land on a planet whose GBDS, ODS and ships are
 *    gone, fight its MI, and the winners stay as its garrison;
 * 7. occupation of a planet left with no defenders by the first-in fleet with `occupy` (§6.7).
 * The RNG is drawn in that order: avoidance d6 by fleet order, search d6 by player order, each
 * battle's dice (fightBattle), the 2d6 of a planet's R when first occupied.
 */
export function resolveLocation(t: Turn, loc: LocId, segment: number): void {
  const s = t.state;
  if (!s.locations[loc]) return;
  avoidNeutral(t, loc, segment);
  seekShipyard(t, loc, segment);
  rapidResponse(t, loc, segment);
  const fought = new Set<string>();
  for (;;) {
    const forces = armedForces(s, loc, segment);
    if (forces.length < 2) break;
    const todo = engagements(s, loc, forces).filter(([a, b]) => !fought.has(`${sideKey(a)}|${sideKey(b)}`));
    if (todo.length === 0) break;
    for (const [a, b] of todo) {
      fought.add(`${sideKey(a)}|${sideKey(b)}`);
      engage(t, loc, segment, [a, b]);
    }
  }
  attackShipyard(t, loc, segment);
  invade(t, loc, segment);
  occupy(t, loc, segment);
}

/** The forces at `loc` with something to fight with in space or orbit: ships, or a planet's GBDS and ODS. */
function armedForces(s: GdState, loc: LocId, segment: number): Force[] {
  const p = planetAt(s, loc);
  return forcesAt(s, loc, segment).filter(
    (f) => ships(s, f, loc).length > 0 || (f.holder && p !== null && defences(p).length > 0),
  );
}

const hasShips = (f: Fleet) => f.units.some((u) => !UNITS[u.type].carried);

/**
 * §6.6 Special 6, Rapid Response: a player with an RR chit whose force here is to fight pirates,
 * aliens or natives spends it (Decision: at the first chance) to bring in the biggest of its fleets
 * in the adjacent locations (by $ value, ties: fleet order), which steps in, fights beside the
 * others and moves no more this turn.
 */
function rapidResponse(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const forces = armedForces(s, loc, segment);
  if (!forces.some((f) => f.player === null)) return;
  for (const force of forces) {
    const player = force.player;
    if (player === null || playerById(s, player).chits.RR === 0) continue;
    const near = s.fleets.filter(
      (f) => f.owner === player && f.loc !== loc && adjacent(f.loc, loc) && hasShips(f),
    );
    const [fleet] = near.sort((a, b) => unitsValue(b.units) - unitsValue(a.units));
    if (!fleet) continue;
    t.emit('ChitUsed', { player, chit: 'RR' });
    t.emit('FleetStepped', { owner: player, fleet: fleet.id, to: loc });
    t.emit('FleetHalted', { owner: player, fleet: fleet.id, why: `came to ${loc} by a Rapid Response chit` });
    t.emit('Noted', { player, text: `Rapid Response: ${fleet.id} joins the fight at ${loc}` });
  }
}

/** The Secret Shipyard Experiment's Defense (§6.6 Special 3); it has no Attack. */
export const SSE_DEFENSE = 6;

/**
 * §6.6 Special 3: each empire that found the Secret Shipyard here, in player order, attacks it
 * with its ships once its owner has none left here: an orbital battle in which the yard (Defense 6,
 * valued as an SY, §6.12) never fires, and falls to 6 hits. Decision: automatic, as enemy
 * defences always fight (§7.2).
 */
function attackShipyard(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const owner = s.locations[loc].sse?.owner;
  if (owner === undefined || s.fleets.some((f) => f.loc === loc && f.owner === owner && hasShips(f))) return;
  for (const player of s.order) {
    const sse = s.locations[loc].sse;
    if (!sse?.foundBy.includes(player)) continue;
    const units = s.fleets.filter((f) => f.owner === player && f.loc === loc).flatMap((f) => f.units);
    const fighters = units
      .filter((u) => u.type !== 'MI')
      .sort(byUnit)
      .map((u) => armedFighter(s, u));
    if (!fighters.some((f) => f.dice > 0)) continue;
    const yard: Fighter = {
      id: 'SSE',
      type: 'SY',
      dice: 0,
      hitOn: 0,
      defense: SSE_DEFENSE,
      cost: UNITS.SY.cost,
    };
    const attacker = s.fleets.find((f) => f.owner === player && f.loc === loc) as Fleet;
    const out = fightBattle(
      t.rng,
      [
        { fighters: [yard], policy: { policy: 'minLoss' } },
        { fighters, policy: stanceOf(s, attacker).alloc },
      ],
      0,
      false,
    );
    const losses: [number, number] = [out.winner === 1 ? yard.cost : 0, 0];
    const side = (players: PlayerId[], ids: UnitId[], lost: number) => ({
      players,
      units: ids,
      lost: [],
      losses: lost,
    });
    t.emit('BattleFought', {
      loc,
      segment,
      kind: 'orbital',
      sides: [
        side([owner], [], losses[0]),
        side(
          [player],
          fighters.map((f) => f.id),
          0,
        ),
      ],
      hits: out.hits,
      dice: out.dice,
      winner: out.winner,
    });
    t.emit('UnitsFired', { units: fighters.map((f) => f.id) });
    const vp = battleVp(losses, out.standing);
    [owner, player].forEach((p, i) => {
      if (vp[i] > 0) t.emit('VpScored', { player: p, vp: vp[i], why: `orbital battle at ${loc}` });
    });
    if (out.winner !== 1) continue;
    t.emit('SseDestroyed', { loc });
    t.emit('Noted', {
      player: owner,
      text: `Your Secret Shipyard at ${loc} was destroyed by ${playerById(s, player).name}`,
    });
    return;
  }
}

/**
 * §6.3 avoidance: each fleet that came to a defended Neutral World this segment rolls d6; on 1–2
 * it must fight, else its `neutral` stance decides (auto: fight when it is worth at least the
 * natives). A fleet that leaves goes back where it came from, stops, and its owner may not enter
 * the hex again this turn (§10 #20).
 */
function avoidNeutral(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const p = planetAt(s, loc);
  if (!p || p.owner !== null || p.natives.length + defences(p).length + garrison(p).length === 0) return;
  const natives = unitsValue([...p.natives, ...defences(p), ...garrison(p)]);
  for (const fleet of s.fleets.filter((f) => f.loc === loc && arrivedIn(s, f, loc, segment))) {
    const roll = d6(t);
    const stance = stanceOf(s, fleet).neutral;
    const fight =
      roll <= 2 ||
      fleet.came === null ||
      stance === 'fight' ||
      (stance === 'auto' && unitsValue(fleet.units) >= natives);
    const text = `${fleet.id} at the Neutral World ${loc}: avoidance d6 ${roll}, ${fight ? 'fights' : 'leaves'}`;
    t.emit('Noted', { player: fleet.owner, text });
    if (fight || fleet.came === null) continue;
    t.emit('FleetStepped', { owner: fleet.owner, fleet: fleet.id, to: fleet.came });
    t.emit('FleetHalted', { owner: fleet.owner, fleet: fleet.id, why: `left the Neutral World at ${loc}` });
    if (!playerById(s, fleet.owner).barred.includes(loc)) t.emit('HexBarred', { player: fleet.owner, loc });
  }
}

/**
 * §6.6 Secret Shipyard Experiment: an empire whose fleet enters its hex finds it on d6 = 1, one roll
 * an empire a turn (its first entry of the turn).
 */
function seekShipyard(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const sse = s.locations[loc].sse;
  if (!sse) return;
  const entries = (player: PlayerId) => s.log.moves.filter((m) => m.owner === player && m.to === loc);
  for (const player of s.order) {
    if (player === sse.owner || sse.foundBy.includes(player)) continue;
    const [first] = entries(player);
    if (first?.segment !== segment) continue;
    const roll = d6(t);
    t.emit('Noted', { player, text: `Search at ${loc}: d6 ${roll}` });
    if (roll === 1) t.emit('SseFound', { loc, by: player });
  }
}

/**
 * One pairing's battles (§7.2). The defender is the side holding the planet, else the one side
 * that was here first; with none, a space battle whose dice begin with the side earlier in player
 * order. At a planet with GBDS or ODS: one orbital battle (the natives' always, §10 #23), or, with
 * the owner's `space` stance, a space battle first and the orbital one if the attacker still has
 * ships and the defender none.
 */
function engage(t: Turn, loc: LocId, segment: number, sides: [Force[], Force[]]) {
  const s = t.state;
  const p = planetAt(s, loc);
  const holding = sides.findIndex((side) => side.some((f) => f.holder));
  const early = sides.map((side) => side.some((f) => f.incumbent));
  const defender = holding >= 0 ? holding : early[0] !== early[1] ? (early[0] ? 0 : 1) : null;
  const lead = (side: Force[]) => Math.min(...side.map((f) => rankOf(s, f.player)));
  const first = (defender ?? (lead(sides[0]) <= lead(sides[1]) ? 0 : 1)) as 0 | 1;
  const shipsOf = (i: number) => sides[i].flatMap((f) => ships(s, f, loc));
  const holder = holding >= 0 ? sides[holding].find((f) => f.holder) : undefined;
  if (!p || !holder || defences(p).length === 0) {
    battle(t, loc, segment, 'space', sides, first, [shipsOf(0), shipsOf(1)]);
    return;
  }
  const attacker = 1 - holding;
  const mode = holder.player === null ? 'orbital' : p.stance.defenseMode;
  if (mode === 'space' && shipsOf(holding).length > 0) {
    battle(t, loc, segment, 'space', sides, first, [shipsOf(0), shipsOf(1)]);
    if (shipsOf(holding).length > 0 || shipsOf(attacker).length === 0) return;
  }
  const held = [...defences(p), ...shipsOf(holding)];
  const units: [Unit[], Unit[]] = holding === 0 ? [held, shipsOf(1)] : [shipsOf(0), held];
  battle(t, loc, segment, 'orbital', sides, first, units);
}

/**
 * The cards in force on a battle's sides (§6.11) and the effects it spends: Internal Intrigue on
 * every battle of its fleet this turn; Superior Maneuvers on its ships in the first battle of theirs
 * that its trigger matches, spent by it. Decision: a trigger `battleStart:x` names the battle's
 * location or a fleet of the card's player in it; `roundStart:n` puts the card in force from
 * round n (Superior Maneuvers is spent by the battle even if it ends sooner).
 */
function cardsInForce(
  s: GdState,
  loc: LocId,
  sides: [Force[], Force[]],
  units: [Unit[], Unit[]],
): { cards: [CardModifier[], CardModifier[]]; spent: Effect[] } {
  const cards: [CardModifier[], CardModifier[]] = [[], []];
  const spent: Effect[] = [];
  for (const e of s.effects) {
    const [kind, value] = (e.params.when ?? '').split(':');
    const here =
      kind !== 'battleStart' ||
      value === loc ||
      sides.flat().some((f) => f.player === e.player && f.fleets.some((x) => x.id === value));
    const from = kind === 'roundStart' ? Number(value) : 1;
    const named =
      e.card === 'SUPERIOR_MANEUVERS'
        ? e.params.units.split(',')
        : e.card === 'INTERNAL_INTRIGUE'
          ? (findFleet(s, e.params.owner, e.params.fleet)?.units.map((u) => u.id) ?? [])
          : [];
    const side = units.findIndex((list) => list.some((u) => named.includes(u.id)));
    if (!here || side < 0) continue;
    const modifier = e.card === 'SUPERIOR_MANEUVERS' ? 1 : -1;
    // A player's own card: on his side (his fleet may have changed hands since, never his enemy's).
    if (modifier > 0 && !sides[side].some((f) => f.player === e.player)) continue;
    cards[side].push({ units: named, modifier, from });
    if (modifier > 0) spent.push(e);
  }
  return { cards, spent };
}

/**
 * Fights one battle between `units` of two sides and records it (§7.3 step 6): BattleFought, the
 * units lost (carried ones without room included, §6.9), those that fought (UnitsFired), the VP of
 * each player (§6.12; a ground battle on a bombarded planet scores none) and the Hostile Aliens'
 * payout (§6.4). Nothing happens when a side has no units, or neither has dice.
 */
function battle(
  t: Turn,
  loc: LocId,
  segment: number,
  kind: BattleRecord['kind'],
  sides: [Force[], Force[]],
  first: 0 | 1,
  units: [Unit[], Unit[]],
) {
  const s = t.state;
  const p = planetAt(s, loc);
  if (units.some((u) => u.length === 0)) return;
  const fighters = units.map((u) => [...u].sort(byUnit).map((x) => armedFighter(s, x)));
  if (!fighters.flat().some((f) => f.dice > 0)) return;
  const players = sides.map((side) => side.flatMap((f) => (f.player === null ? [] : [f.player])));
  if (p && sides.some((side) => side.some((f) => f.holder && f.player === null))) {
    const to = players.flat().filter((x) => !p.revealedTo.includes(x));
    if (to.length > 0) t.emit('NativesRevealed', { loc, to });
  }
  const { cards, spent } = cardsInForce(s, loc, sides, units);
  const out = fightBattle(
    t.rng,
    [
      { fighters: fighters[0], policy: policyOf(s, sides[0]), cards: cards[0] },
      { fighters: fighters[1], policy: policyOf(s, sides[1]), cards: cards[1] },
    ],
    first,
    kind === 'orbital',
  );
  // Carried units left without room are lost with the battle's losses (§6.9): each pool apart.
  const pools = (side: Force[]) => [
    ...side.flatMap((f) => f.fleets.map((x) => x.units)),
    ...side.flatMap((f) => [f.npc, f.holder && f.player === null && p ? p.natives : []]),
  ];
  const gone = new Set(out.lost.flat());
  const lost = sides.map((side, i) => [
    ...out.lost[i],
    ...pools(side).flatMap((pool) => carriedSurvivors(pool.filter((u) => !gone.has(u.id)))),
  ]);
  const everyUnit = new Map(
    [...units.flat(), ...sides.flat().flatMap((f) => everything(s, f, loc))].map((u) => [u.id, u]),
  );
  const valueOf = (ids: UnitId[]) => unitsValue(ids.map((id) => everyUnit.get(id) as Unit));
  const losses: [number, number] = [valueOf(lost[0]), valueOf(lost[1])];
  // The MI aboard fight no space battle but share their carriers' fate: they are on the side too.
  const aboard = (i: number) =>
    kind === 'ground'
      ? []
      : sides[i].flatMap((f) => f.fleets.flatMap((x) => x.units)).filter((u) => u.type === 'MI');
  t.emit('BattleFought', {
    loc,
    segment,
    kind,
    sides: [0, 1].map((i) => ({
      players: players[i],
      units: [...fighters[i].map((f) => f.id), ...aboard(i).map((u) => u.id)],
      lost: lost[i],
      losses: losses[i],
    })),
    hits: out.hits,
    dice: out.dice,
    winner: out.winner,
  });
  for (const { card, player, params } of spent) t.emit('EffectEnded', { card, player, params });
  const npc = new Set(sides.flat().flatMap((f) => f.npc.map((u) => u.id)));
  const inState = [...lost[0], ...lost[1]].filter((id) => !npc.has(id));
  if (inState.length > 0) t.emit('UnitsLost', { units: inState });
  const fired = fighters.flatMap((side, i) => (players[i].length > 0 ? side.map((f) => f.id) : []));
  if (fired.length > 0) t.emit('UnitsFired', { units: fired });
  const vp = kind === 'ground' && p?.bombarded ? [0, 0] : battleVp(losses, out.standing);
  players.forEach((list, i) => {
    for (const player of list)
      if (vp[i] > 0) t.emit('VpScored', { player, vp: vp[i], why: `${kind} battle at ${loc}` });
  });
  alienPayout(t, loc, sides, out.winner, lost, valueOf);
}

/**
 * §6.4 Hostile Aliens: the player who met them gets, if his side won, the value of the aliens
 * destroyed, and if it lost, the value of his own losses (Decision: paid at once, not in phase H;
 * nothing after a stalemate or the round cap).
 */
function alienPayout(
  t: Turn,
  loc: LocId,
  sides: [Force[], Force[]],
  winner: 0 | 1 | null,
  lost: UnitId[][],
  valueOf: (ids: UnitId[]) => number,
) {
  const s = t.state;
  const meeting = s.log.encounters.find((e) => e.loc === loc && e.card === 'HOSTILE_ALIEN_FLEET');
  if (!meeting || winner === null) return;
  const aliens = new Set(meeting.npc);
  const alienSide = sides.findIndex((side) => side.some((f) => f.npc.some((u) => aliens.has(u.id))));
  if (alienSide < 0 || !sides[1 - alienSide].some((f) => f.player === meeting.player)) return;
  const race = playerById(s, meeting.player).race;
  const paid =
    winner === alienSide
      ? lost[1 - alienSide].filter((id) => unitIdParts(id).race === race)
      : lost[alienSide].filter((id) => aliens.has(id));
  const amount = valueOf(paid);
  if (amount > 0) t.emit('CashChanged', { player: meeting.player, amount, why: `Hostile Aliens at ${loc}` });
}

/** No GBDS, ODS or ships hold the planet: MI may land (§6.7, §7.2). */
function openToLanding(s: GdState, p: Planet, loc: LocId): boolean {
  if (defences(p).length > 0) return false;
  if (p.owner === null) return p.natives.length === 0;
  return !s.fleets.some(
    (f) => f.owner === p.owner && f.loc === loc && f.units.some((u) => !UNITS[u.type].carried),
  );
}

/**
 * §7.2 invasion, players in player order: the MI of a player's fleets with `invade` land on a planet
 * of another (not an owner-less one under Interlude) once its GBDS, ODS and ships are gone, and fight
 * its MI (garrison and Homeguard, the defender's dice first) until one side has none. If they win, or
 * meet none (an occupation: only fleets with `occupy` too), the planet is theirs and they stay as
 * its garrison (§10 #26).
 */
function invade(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const p = planetAt(s, loc);
  if (!p) return;
  const isMi = (u: Unit) => u.type === 'MI';
  for (const player of s.order) {
    if (p.owner === player || !openToLanding(s, p, loc) || (p.owner === null && interlude(s))) continue;
    // With no garrison to fight, landing is an occupation: it needs `occupy` too (§6.7).
    const empty = garrison(p).length === 0;
    const fleets = s.fleets.filter(
      (f) =>
        f.owner === player &&
        f.loc === loc &&
        stanceOf(s, f).invade &&
        (!empty || stanceOf(s, f).occupy) &&
        f.units.some(isMi),
    );
    if (fleets.length === 0) continue;
    if (garrison(p).length > 0) {
      const forces = forcesAt(s, loc, segment);
      const holder = forces.find((f) => f.holder);
      const invader = forces.find((f) => f.player === player);
      if (holder && invader)
        battle(t, loc, segment, 'ground', [[holder], [{ ...invader, fleets }]], 0, [
          garrison(p),
          fleets.flatMap((f) => f.units.filter(isMi)),
        ]);
      if (garrison(p).length > 0) continue;
    }
    const landing = fleets.filter((f) => f.units.some(isMi));
    if (landing.length === 0) continue;
    claim(t, loc, player, stanceOf(s, landing[0]).captureSY);
    for (const f of landing)
      t.emit('UnitsLanded', { owner: player, fleet: f.id, units: f.units.filter(isMi).map((u) => u.id) });
  }
}

/**
 * §6.7 occupation: a planet left with no GBDS, ODS, MI or ships goes to the first fleet here of
 * another player with `occupy` (one here before this segment first, then first in), unless it is
 * owner-less under Interlude. No VP (§6.12).
 */
function occupy(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  const p = planetAt(s, loc);
  if (!p || !openToLanding(s, p, loc) || garrison(p).length > 0 || (p.owner === null && interlude(s))) return;
  const firstIn = byFirstIn(s);
  const [first] = s.fleets
    .filter((f) => f.loc === loc && f.owner !== p.owner && stanceOf(s, f).occupy)
    .sort(
      (a, b) =>
        Number(arrivedIn(s, a, loc, segment)) - Number(arrivedIn(s, b, loc, segment)) || firstIn(a, b),
    );
  if (first) claim(t, loc, first.owner, stanceOf(s, first).captureSY);
}

/**
 * The planet changes hands (§6.7): R rolled if it has none yet (§6.3); its SY scuttled by the
 * loser's planet stance, else destroyed or kept by `captureSY`, the stance of the captor's fleet
 * that took it (the first to land, or the occupier), a kept one becoming an SY of the captor's
 * (settled at the occupation, §6.7 Decision).
 */
function claim(t: Turn, loc: LocId, player: PlayerId, captureSY: FleetStance['captureSY']) {
  const s = t.state;
  const p = planetAt(s, loc) as Planet;
  const scuttled = p.owner !== null && p.stance.scuttleSY;
  const yards = p.shipyards.map((u) => u.id);
  t.emit('WorldClaimed', { loc, owner: player, r: p.r === null ? rollResource(t) : null });
  // §6.11 Superweapon: the card is lost with the planet it is placed under.
  for (const e of s.effects.filter((x) => x.card === 'SUPERWEAPON' && x.params.planet === loc)) {
    t.emit('EffectEnded', { card: e.card, player: e.player, params: e.params });
    if (e.player !== null) {
      t.emit('CardDiscarded', { player: e.player, card: e.card, inPlay: true });
      t.emit('Noted', { player: e.player, text: `Your Superweapon is lost with ${p.name} (${loc})` });
    }
  }
  if (yards.length === 0) return;
  t.emit('UnitsLost', { units: yards });
  const captor = playerById(s, player);
  if (!scuttled && captureSY === 'keep') {
    const units = newUnitIds(s, captor.race, 'SY', yards.length);
    t.emit('UnitsCreated', { owner: player, loc, fleet: null, units, homeguard: false, hull: false });
  }
}
