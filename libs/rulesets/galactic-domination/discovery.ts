import { carriedSurvivors } from './combat';
import { activePlayers, createUnits, newFleetId, ordersOf } from './economy';
import { byUnit, findFleet, newUnitIds, stateLoc } from './evolve';
import { DIRECTIONS, distance, hexKey, hexOf, type LocId } from './hex';
import { resolved } from './movement';
import type { Discovery, Fleet, GdOrder, GdState, PlayerId, Turn } from './state';
import { NPC_RACE, neutralForces, UNITS, UNIT_TYPES, type UnitCounts, type UnitType } from './tables';

/**
 * Discovery hexes (digest §6.10, optional: `options.discovery`; the book's procedure is unfinished).
 *
 * Phase D of each of turns 4–6 (§5 D): each player, in player order, places one face-down counter numbered by a
 * d10 at the location its DISCOVERY order names (the nearest vacant one if taken, §8.2), or without
 * an order at a random vacant location (Decision). The first ship to enter a counter's location (in
 * first-in order, after the segment's encounter) finds it: its owner sees n and rolls d10 = m, and
 * n + m decides. Decision: every result takes effect at once (no order keeps it for later); those
 * that wait for "the next fleet" befall the next fleet to enter after the finder's.
 *
 * The RNG: per placement a d10 for n, then (without an order) the pick of a location; per find the
 * d10 m, then a teleport's d6 for the direction.
 */

export const DISCOVERY_TURNS = [4, 5, 6];

/** The result row of a total (the table reads 2 and 12 alike, … 10 and 20; 11 alone). */
export const discoveryRow = (total: number): number => (total === 11 ? 11 : ((total - 1) % 10) + 1);

const RESULTS: Record<number, string> = {
  2: 'Ancient Super Battleship',
  3: 'a $6 resource planet',
  4: 'Perilous planet',
  5: 'Hidden resource',
  6: 'Hidden warship',
  7: 'Neutral planet',
  8: 'a passage for the discoverer alone',
  9: 'Trapped fleet',
  10: 'Teleport',
  11: 'an allied Free World',
};
export const discoveryResult = (total: number): string => RESULTS[discoveryRow(total)];

/** Rows that wait for the next fleet to enter (8 lasts). */
const WAITING = new Set([4, 5, 6, 8, 9]);
const RESOURCE_R = 6;
const HIDDEN_CASH = 10;
const TRAPPED: UnitCounts = { BB: 1, CA: 1, DD: 2 };
const NEUTRAL_ROW = 10;
const ALLY_ROW = 5;
const TELEPORT = 2;

const counters = (s: GdState): Discovery[] => s.discoveries ?? [];

/** No planet, fleet or counter there. */
const vacant = (s: GdState, loc: LocId): boolean =>
  s.locations[loc].planet === null &&
  !s.fleets.some((f) => f.loc === loc) &&
  !counters(s).some((d) => d.loc === loc);

/** §8.2: the location itself if vacant, else the nearest vacant one (ties: lower q, then r, then half). */
function nearestVacant(s: GdState, at: LocId): LocId | null {
  const from = hexOf(at);
  const all = Object.values(s.locations).filter((l) => vacant(s, l.id));
  all.sort(
    (a, b) =>
      distance(from, a) - distance(from, b) ||
      a.q - b.q ||
      a.r - b.r ||
      (a.half ?? '').localeCompare(b.half ?? ''),
  );
  return all[0]?.id ?? null;
}

/** Phase D: one counter per player, in player order; the first DISCOVERY order counts. */
export function placeDiscoveries(t: Turn, orders: ReadonlyMap<PlayerId, GdOrder[]>): void {
  const s = t.state;
  for (const player of activePlayers(s)) {
    const [first, ...more] = ordersOf(orders, player, 'discovery');
    const asked = first ? stateLoc(s, first.at) : null;
    const n = t.rng.int(1, 10);
    const free = Object.keys(s.locations).filter((l) => vacant(s, l));
    const loc = asked !== null ? nearestVacant(s, asked) : free.length > 0 ? t.rng.pick(free) : null;
    if (loc !== null) t.emit('DiscoveryPlaced', { id: `D${counters(s).length + 1}`, owner: player, loc, n });
    if (first) {
      const why =
        asked === null
          ? `${first.at} is not on the board`
          : loc === null
            ? 'no vacant location is left'
            : null;
      if (why !== null) resolved(t, player, first, 'rejected', why);
      else resolved(t, player, first, loc === asked ? 'done' : 'reduced', `at ${loc}`);
    }
    for (const o of more) resolved(t, player, o, 'rejected', 'only the first DISCOVERY order counts');
  }
}

/**
 * After a segment's encounter at `loc`: the fleets that entered it this segment, first in first,
 * find its counter or meet what waits there.
 */
export function discover(t: Turn, loc: LocId): void {
  const s = t.state;
  const d = counters(s).find((x) => x.loc === loc);
  if (!d) return;
  const entered = s.log.moves
    .filter((m) => m.segment === s.segment && m.to === loc)
    .map((m) => findFleet(s, m.owner, m.fleet))
    .filter((f): f is Fleet => f !== undefined && f.loc === loc);
  const finder = d.foundBy === null ? entered.shift() : undefined;
  if (finder) find(t, d, finder);
  for (const fleet of entered) if (d.waiting) meet(t, d, fleet);
}

function find(t: Turn, d: Discovery, fleet: Fleet) {
  const s = t.state;
  const player = fleet.owner;
  const roll = t.rng.int(1, 10);
  const total = d.n + roll;
  const row = discoveryRow(total);
  t.emit('DiscoveryFound', { id: d.id, player, fleet: fleet.id, roll, waiting: WAITING.has(row) });
  t.emit('Noted', {
    player,
    text: `${fleet.id} found discovery counter ${d.n} at ${d.loc}: d10 ${roll}, ${total} = ${discoveryResult(total)}`,
  });
  const world = (kind: 'free' | 'neutral', owner: PlayerId | null, r: number | null) => {
    const name = `${kind === 'free' ? 'Free' : 'Neutral'} World ${d.loc}`;
    t.emit('WorldPlaced', { loc: d.loc, name, kind, home: null, main: false, owner: null, r: null });
    if (owner !== null) t.emit('WorldClaimed', { loc: d.loc, owner, r });
  };
  switch (row) {
    case 2:
      // The Ancient Super Battleship (the BBS counter; stats missing, Decision: a BBX) joins the finder.
      return createUnits(t, player, d.loc, fleet.id, 'BBX', 1);
    case 3:
      return world('free', player, RESOURCE_R);
    case 7: {
      world('neutral', null, null);
      const units = typesOf(neutralForces(NEUTRAL_ROW)).flatMap(([type, k]) =>
        newUnitIds(s, NPC_RACE, type, k),
      );
      t.emit('UnitsCreated', { owner: null, loc: d.loc, fleet: null, units, homeguard: false, hull: false });
      t.emit('NativesRevealed', { loc: d.loc, to: [player] });
      return;
    }
    case 10:
      return teleport(t, fleet);
    case 11:
      return ally(t, d.loc, player, world);
  }
}

const typesOf = (counts: UnitCounts): [UnitType, number][] =>
  UNIT_TYPES.filter((type) => (counts[type] ?? 0) > 0).map((type) => [type, counts[type] as number]);

/**
 * Result 10/20: the fleet is moved 2 hexes in a direction. Decision: no order chooses it, so a d6
 * gives the direction either way; off the board it stays. It moves no more this turn.
 */
function teleport(t: Turn, fleet: Fleet) {
  const s = t.state;
  const dir = DIRECTIONS[t.rng.int(1, 6) - 1];
  const from = hexOf(fleet.loc);
  const to = stateLoc(s, hexKey({ q: from.q + TELEPORT * dir.q, r: from.r + TELEPORT * dir.r }));
  if (to === null)
    return t.emit('Noted', {
      player: fleet.owner,
      text: `${fleet.id} stays: the teleport leads off the board`,
    });
  t.emit('FleetTeleported', { owner: fleet.owner, fleet: fleet.id, to });
}

/**
 * Result 11: an allied Free World with no R and the forces of row 5 of the Neutral table.
 * Decision: alliances with a world do not exist here, so it joins the finder with those forces as
 * its own (ships a new fleet, the rest on the planet); the ally's $10 if it is lost is not paid.
 */
function ally(
  t: Turn,
  loc: LocId,
  player: PlayerId,
  world: (kind: 'free', owner: PlayerId, r: number) => void,
) {
  world('free', player, 0);
  const fleet = newFleetId(t.state, player);
  for (const [type, k] of typesOf(neutralForces(ALLY_ROW)))
    createUnits(t, player, loc, UNITS[type].planetary || type === 'MI' ? null : fleet, type, k);
}

/** A waiting result and a fleet entering after the find (§6.10 rows 4–6, 8, 9). */
function meet(t: Turn, d: Discovery, fleet: Fleet) {
  const s = t.state;
  const finder = d.foundBy as PlayerId;
  const other = fleet.owner !== finder;
  const spring = (text: string) => {
    t.emit('DiscoverySprung', { id: d.id, player: fleet.owner, fleet: fleet.id });
    t.emit('Noted', { player: fleet.owner, text: `${fleet.id} at ${d.loc}: ${text}` });
  };
  switch (discoveryRow(d.n + (d.roll as number))) {
    case 4: {
      // Decision: the cheapest ship goes (ties: the canonical order), with what only it carried.
      const [ship] = fleet.units
        .filter((u) => !UNITS[u.type].carried)
        .sort((a, b) => UNITS[a.type].cost - UNITS[b.type].cost || byUnit(a, b));
      spring(`a perilous planet destroys ${ship.id}`);
      const rest = fleet.units.filter((u) => u !== ship);
      return t.emit('UnitsLost', { units: [ship.id, ...carriedSurvivors(rest)] });
    }
    case 5:
      if (!other) return;
      // Decision: paid at once rather than in phase H (the same turn's Stellars).
      spring(`a hidden resource gives $${HIDDEN_CASH}`);
      return t.emit('CashChanged', { player: fleet.owner, amount: HIDDEN_CASH, why: 'hidden resource' });
    case 6:
      if (!other) return;
      spring('a hidden warship joins: 1 CA');
      return createUnits(t, fleet.owner, d.loc, fleet.id, 'CA', 1);
    case 8:
      if (!other) return;
      t.emit('Noted', { player: fleet.owner, text: `${fleet.id} may not pass ${d.loc}: it goes back` });
      return t.emit('FleetTeleported', { owner: fleet.owner, fleet: fleet.id, to: fleet.came as LocId });
    case 9: {
      // Decision: no order chooses the player, so it is the next after the finder in turn order.
      const order = activePlayers(s);
      const chosen = order[(order.indexOf(finder) + 1) % order.length];
      if (fleet.owner !== chosen || chosen === finder) return;
      spring('a trapped fleet joins: 1 BB, 1 CA, 2 DD');
      for (const [type, k] of typesOf(TRAPPED)) createUnits(t, fleet.owner, d.loc, fleet.id, type, k);
    }
  }
}
