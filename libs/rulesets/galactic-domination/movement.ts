import { formatOrder } from './orders';
import { adjacent, distance, hexOf, type LocId } from './hex';
import { byFirstIn, carriedSurvivors, pendingNpc } from './combat';
import {
  compareUnitIds,
  findFleet,
  ownUnitId,
  planetAt,
  playerById,
  stanceOf,
  stateLoc,
  unitList,
} from './evolve';
import type { Fleet, GdOrder, GdState, PlayerId, Turn, Unit, UnitId, UnitPick } from './state';
import {
  capacity,
  CV_MIN_FIGHTERS,
  fleetSpeed,
  opportunities,
  segmentsFor,
  UNITS,
  type UnitCounts,
} from './tables';

/**
 * Phase G movement (digest §6.2, §8.2): every fleet's path is planned from its MOVE order before the
 * first segment; in each segment the fleets with a movement opportunity take their next entry, all
 * at once. Paths are checked when planned (legal, reduced to the legal part, or rejected) and each
 * step again when taken: a step that has become illegal halts the fleet.
 */

type MoveOrder = Extract<GdOrder, { type: 'move' }>;

/** A fleet's speed now: its slowest non-carried unit's (it changes as units join or are lost). */
export const speedOf = (f: Fleet): number => fleetSpeed(f.units);

/** §6.2 Decision: the chart is picked by the fastest non-carried unit in a fleet at the start of phase G. */
export function chartOf(s: GdState): number {
  let fastest = 0;
  for (const f of s.fleets)
    for (const u of f.units)
      if (!UNITS[u.type].carried) fastest = Math.max(fastest, UNITS[u.type].speed + u.speedBonus);
  return segmentsFor(fastest);
}

/** An order's echo in the report, with its outcome (the report's [line, text, outcome, note]). */
export function resolved(
  t: Turn,
  player: PlayerId,
  order: GdOrder,
  outcome: 'done' | 'reduced' | 'rejected' | 'skipped',
  note = '',
) {
  t.emit('OrderResolved', { player, result: [order.line ?? null, formatOrder(order), outcome, note] });
}

/** Steps from `loc` to the nearest of `targets`: hexes apart, and 1 between the halves of one hex. */
function stepsTo(loc: LocId, targets: LocId[]): number {
  const here = hexOf(loc);
  return Math.min(
    ...targets.map((x) => {
      const d = distance(here, hexOf(x));
      return d === 0 && x !== loc ? 1 : d;
    }),
  );
}

/**
 * The CV rule (§6.5, §10.8.1): the turn after one of its CV fell short of Ftr, a fleet may only move
 * toward the nearest own SY; from the turn after that, toward the nearest own planet (and stay there).
 * The locations it must head for, or null when it is free (no refit due, or nothing to head for).
 */
function refitTargets(s: GdState, f: Fleet): { targets: LocId[]; what: string } | null {
  if (f.refit === null || f.refit >= s.turn) return null;
  const own = Object.values(s.locations).filter((l) => l.planet?.owner === f.owner);
  const yards = f.refit === s.turn - 1;
  const targets = own.filter((l) => !yards || (l.planet?.shipyards.length ?? 0) > 0).map((l) => l.id);
  return targets.length === 0 ? null : { targets, what: yards ? 'your nearest SY' : 'your nearest planet' };
}

/** Why a fleet at `from` may not step to `to` (a location the state has), or null. */
function stepProblem(s: GdState, f: Fleet, from: LocId, to: LocId): string | null {
  if (!adjacent(from, to)) return `NOT_ADJACENT: ${to} is not next to ${from}`;
  if (playerById(s, f.owner).barred.includes(to))
    return `BARRED_HEX: your fleets left ${to} this turn and may not enter it again`;
  const refit = refitTargets(s, f);
  if (refit && stepsTo(to, refit.targets) >= stepsTo(from, refit.targets))
    return `CV_MUST_RETURN: a CV short of Ftr, ${f.id} may only move toward ${refit.what}`;
  return null;
}

/**
 * §4.1 MOVE, at the start of phase G: each fleet's path, entry k for its k-th movement opportunity
 * this turn (null: it stays). Too many entries are dropped; a path is cut before its first illegal
 * step (reduced, or rejected when that is the first). A second MOVE for a fleet is rejected.
 */
export function planPaths(t: Turn, orders: Map<PlayerId, GdOrder[]>): void {
  const s = t.state;
  for (const [player, list] of orders) {
    const planned = new Map<string, number | null>();
    for (const o of list) {
      if (o.type !== 'move') continue;
      const fleet = findFleet(s, player, o.fleet);
      if (!fleet) {
        resolved(t, player, o, 'rejected', `you have no fleet ${o.fleet}`);
        continue;
      }
      if (planned.has(o.fleet)) {
        const line = planned.get(o.fleet);
        resolved(
          t,
          player,
          o,
          'rejected',
          `${o.fleet} already moves by the order${line ? ` of line ${line}` : ''}`,
        );
        continue;
      }
      const { path, outcome, note } = checkPath(s, fleet, o);
      if (outcome !== 'rejected') {
        planned.set(o.fleet, o.line ?? null);
        t.emit('PathPlanned', { owner: player, fleet: fleet.id, path });
      }
      resolved(t, player, o, outcome, note);
    }
  }
}

/** A MOVE checked against the state: the path the fleet will follow, and the order's outcome. */
export function checkPath(
  s: GdState,
  fleet: Fleet,
  o: MoveOrder,
): { path: (LocId | null)[]; outcome: 'done' | 'reduced' | 'rejected'; note: string } {
  const speed = speedOf(fleet);
  const count = opportunities(s.segments, speed).length;
  if (count === 0) return { path: [], outcome: 'rejected', note: `${fleet.id} cannot move: speed 0` };
  const notes: string[] = [];
  let entries = o.path;
  if (entries.length > count) {
    notes.push(
      `TOO_MANY_STEPS: speed ${speed} moves ${count} time${count === 1 ? '' : 's'} this turn, the steps after the ${count === 1 ? 'first' : `${count}th`} are dropped`,
    );
    entries = entries.slice(0, count);
  }
  const path: (LocId | null)[] = [];
  let at = fleet.loc;
  for (const entry of entries) {
    if (entry === null) {
      path.push(null);
      continue;
    }
    const to = stateLoc(s, entry);
    const problem = to === null ? `NOT_ADJACENT: ${entry} is not on the map` : stepProblem(s, fleet, at, to);
    if (problem !== null || to === null) {
      notes.push(path.some((x) => x !== null) ? `${problem}; the fleet stops at ${at}` : `${problem}`);
      if (!path.some((x) => x !== null)) return { path: [], outcome: 'rejected', note: notes.join('; ') };
      break;
    }
    path.push(to);
    at = to;
  }
  return { path, outcome: notes.length > 0 ? 'reduced' : 'done', note: notes.join('; ') };
}

/**
 * One movement segment (§6.2): every fleet not halted that has a movement opportunity in it takes its
 * path's next entry, all at once. A step that has become illegal halts the fleet. Of two mutually
 * hostile fleets that would swap locations, the one first in (faster, then player order) moves and
 * the other stays, its opportunity lost. Returns the locations entered, first-in order.
 */
export function moveSegment(t: Turn, segment: number): LocId[] {
  const s = t.state;
  const movers: { fleet: Fleet; from: LocId; to: LocId }[] = [];
  for (const fleet of [...s.fleets]) {
    if (fleet.halted || fleet.step >= fleet.path.length) continue;
    if (!opportunities(s.segments, speedOf(fleet)).includes(segment)) continue;
    const to = fleet.path[fleet.step];
    if (to === null) {
      t.emit('FleetStepped', { owner: fleet.owner, fleet: fleet.id, to: null });
      continue;
    }
    const problem = stepProblem(s, fleet, fleet.loc, to);
    if (problem !== null) t.emit('FleetHalted', { owner: fleet.owner, fleet: fleet.id, why: problem });
    else movers.push({ fleet, from: fleet.loc, to });
  }
  const order = byFirstIn(s);
  movers.sort((a, b) => order(a.fleet, b.fleet));
  const going: typeof movers = [];
  for (const m of movers) {
    const blocker = going.find((g) => g.fleet.owner !== m.fleet.owner && g.from === m.to && g.to === m.from);
    if (!blocker) {
      going.push(m);
      continue;
    }
    // §6.2 Decision: the opportunity is lost; the rest of the path is checked step by step as usual.
    t.emit('FleetStepped', { owner: m.fleet.owner, fleet: m.fleet.id, to: null });
    t.emit('Noted', {
      player: m.fleet.owner,
      text: `${m.fleet.id} could not pass ${blocker.fleet.id} of ${playerById(s, blocker.fleet.owner).name} between ${m.from} and ${m.to}: it stays at ${m.from}`,
    });
  }
  for (const { fleet, to } of going) t.emit('FleetStepped', { owner: fleet.owner, fleet: fleet.id, to });
  superweapons(
    t,
    going.map((m) => m.fleet),
  );
  return [...new Set(going.map((m) => m.to))];
}

/** A Superweapon destroys a ship on d10 ≤ this (§6.11). */
const SUPERWEAPON_KILLS = 2;

/**
 * §6.11 Superweapon, after a segment's steps: each ship of another player's fleet that entered a
 * location next to the planet the card is under is destroyed on d10 1–2 (Decision: ships roll, the
 * MI and Ftr they carry share their fate, §6.9). Cards in the order played, fleets first-in, ships
 * in canonical order: one d10 a ship, noted to both players.
 */
function superweapons(t: Turn, entered: readonly Fleet[]) {
  const s = t.state;
  for (const e of s.effects.filter((x) => x.card === 'SUPERWEAPON')) {
    for (const moved of entered) {
      const fleet = findFleet(s, moved.owner, moved.id);
      if (!fleet || fleet.owner === e.player || !adjacent(fleet.loc, e.params.planet)) continue;
      const hit: UnitId[] = [];
      const rolls: number[] = [];
      for (const u of fleet.units.filter((x) => !UNITS[x.type].carried)) {
        rolls.push(t.rng.int(1, 10));
        if (rolls[rolls.length - 1] <= SUPERWEAPON_KILLS) hit.push(u.id);
      }
      const lost = [...hit, ...carriedSurvivors(fleet.units.filter((u) => !hit.includes(u.id)))];
      const text = `The Superweapon of ${e.params.planet} fired on ${fleet.id} of ${playerById(s, fleet.owner).name} at ${fleet.loc}: d10 ${rolls.join(' ')}, ${lost.length > 0 ? `${unitList(lost)} destroyed` : 'no hit'}`;
      if (lost.length > 0) t.emit('UnitsLost', { units: lost });
      for (const to of new Set([fleet.owner, e.player]))
        if (to !== null) t.emit('Noted', { player: to, text });
    }
  }
}

/**
 * After a segment's battles (§4.2 continueAfterBattle): a fleet that fought stops for the turn unless
 * its side won and its stance says to go on (Decision: a stalemate or a broken-off battle stops it).
 */
export function haltAfterBattles(t: Turn, segment: number): void {
  const s = t.state;
  const battles = s.log.battles.filter((b) => b.segment === segment);
  for (const fleet of [...s.fleets]) {
    if (fleet.halted) continue;
    const ids = new Set(fleet.units.map((u) => u.id));
    const fought = battles.filter((b) => b.sides.some((side) => side.units.some((id) => ids.has(id))));
    if (fought.length === 0) continue;
    const won = fought.every((b) => b.winner !== null && b.sides[b.winner].units.some((id) => ids.has(id)));
    if (!won || !stanceOf(s, fleet).continueAfterBattle)
      t.emit('FleetHalted', {
        owner: fleet.owner,
        fleet: fleet.id,
        why: won ? `stopped after the battle at ${fleet.loc}` : `held at ${fleet.loc} by an undecided battle`,
      });
  }
}

/** Locations where the player has a fleet or a planet with units of its own. */
function presence(s: GdState, player: PlayerId): LocId[] {
  const at = new Set(s.fleets.filter((f) => f.owner === player).map((f) => f.loc));
  for (const l of Object.values(s.locations)) {
    const p = l.planet;
    if (
      p?.owner === player &&
      (p.gbds.length + p.mi.length + p.homeguard.length + p.shipyards.length > 0 || p.ods)
    )
      at.add(l.id);
  }
  return [...at];
}

/**
 * §8.1 at the end of a segment: a fleet's contents are shown to every player with a unit in its
 * location or next to it; natives once encountered, likewise.
 */
export function sightings(t: Turn): void {
  const s = t.state;
  const near = (locs: LocId[], loc: LocId) => locs.some((x) => x === loc || adjacent(x, loc));
  const players = s.order.map((id) => ({ id, at: presence(s, id) }));
  for (const fleet of s.fleets) {
    const by = players.filter(
      (p) => p.id !== fleet.owner && !fleet.seenBy.includes(p.id) && near(p.at, fleet.loc),
    );
    if (by.length > 0) t.emit('FleetSeen', { owner: fleet.owner, fleet: fleet.id, by: by.map((p) => p.id) });
  }
  for (const l of Object.values(s.locations)) {
    const p = l.planet;
    if (!p || p.owner !== null || p.revealedTo.length === 0) continue;
    const to = players.filter((x) => !p.revealedTo.includes(x.id) && near(x.at, l.id)).map((x) => x.id);
    if (to.length > 0) t.emit('NativesRevealed', { loc: l.id, to });
  }
}

/**
 * The CV check of the transfer segment (§6.5): each fleet's CV keep ≥ 4 Ftr, or the fleet must
 * refit. At an own SY it refits at once from the Ftr its owner's other fleets there can spare
 * (fleets in order, their Ftr by id); short still, it must refit like any other.
 */
export function cvCheck(t: Turn): void {
  const s = t.state;
  for (const f of [...s.fleets]) {
    if (
      shortOfFighters(f.units) &&
      (planetAt(s, f.loc)?.shipyards.length ?? 0) > 0 &&
      planetAt(s, f.loc)?.owner === f.owner
    )
      refitAtOnce(t, f);
    const short = shortOfFighters(f.units);
    if (short && f.refit === null) t.emit('FleetRefit', { owner: f.owner, fleet: f.id, since: s.turn });
    else if (!short && f.refit !== null) t.emit('FleetRefit', { owner: f.owner, fleet: f.id, since: null });
  }
}

/** The Ftr a fleet's finished CVs must keep: 4 each (§6.5). */
export const fightersKept = (units: readonly Unit[]): number =>
  CV_MIN_FIGHTERS * units.filter((u) => u.type === 'CV' && !u.hull).length;

/** A CV (a finished one) with fewer than 4 Ftr of the fleet's pool each (§6.5). */
const shortOfFighters = (units: readonly Unit[]) =>
  units.filter((u) => u.type === 'Ftr').length < fightersKept(units);

/** §6.5: a fleet short of Ftr at an own SY takes what the owner's other fleets there can spare. */
function refitAtOnce(t: Turn, f: Fleet) {
  const s = t.state;
  for (const donor of s.fleets.filter((x) => x.owner === f.owner && x.loc === f.loc && x !== f)) {
    const need = fightersKept(f.units) - f.units.filter((u) => u.type === 'Ftr').length;
    const ftr = donor.units.filter((u) => u.type === 'Ftr');
    const units = ftr.slice(0, Math.max(0, Math.min(need, ftr.length - fightersKept(donor.units))));
    if (units.length > 0)
      t.emit('FightersTransferred', {
        owner: f.owner,
        from: donor.id,
        to: f.id,
        units: units.map((u) => u.id),
      });
  }
}

const countsOf = (units: readonly Unit[]): UnitCounts => {
  const counts: UnitCounts = {};
  for (const u of units) counts[u.type] = (counts[u.type] ?? 0) + 1;
  return counts;
};

/** Why a fleet of these units cannot be: carried units beyond its carriers' room, or none to carry them. */
function carryProblem(id: string, units: readonly Unit[]): string | null {
  const counts = countsOf(units);
  const room = capacity(counts);
  if (units.every((u) => UNITS[u.type].carried))
    return `NO_CAPACITY: ${id} would have no ship to carry its units`;
  if ((counts.MI ?? 0) > room.mi) return `NO_CAPACITY: ${id} would have ${counts.MI} MI, room for ${room.mi}`;
  if ((counts.Ftr ?? 0) > room.ftr)
    return `NO_CAPACITY: ${id} would have ${counts.Ftr} Ftr, room for ${room.ftr}`;
  return null;
}

/** The unit ids a FLEET order picks from a fleet (`BB1`: the owner's BB #1; `MI*2`: the first two), and what it lacks. */
function pick(s: GdState, f: Fleet, picks: UnitPick[]): { ids: UnitId[]; missing: string[] } {
  const ids: UnitId[] = [];
  const missing: string[] = [];
  for (const p of picks) {
    if ('number' in p) {
      const id = ownUnitId(s, f.owner, p);
      if (f.units.some((u) => u.id === id) && !ids.includes(id)) ids.push(id);
      else missing.push(`${p.type}${p.number}`);
      continue;
    }
    const free = f.units.filter((u) => u.type === p.type && !ids.includes(u.id)).map((u) => u.id);
    ids.push(...free.slice(0, p.count));
    if (free.length < p.count) missing.push(`${p.count - free.length} ${p.type}`);
  }
  return { ids, missing };
}

/**
 * §4.1 FLEET and MERGE, at the start of phase G in written order: fleets at one location
 * reorganised. Carried units go by count with the ships named; each fleet must keep room for what
 * it carries, and a CV may give up Ftr only while it keeps 4 (§6.5). Units named but not in the
 * fleet are left out (reduced); a split that would leave either fleet illegal is rejected.
 */
export function reorganise(
  t: Turn,
  player: PlayerId,
  o: Extract<GdOrder, { type: 'split' | 'merge' }>,
): void {
  const s = t.state;
  if (o.type === 'merge') {
    const [f, into] = [findFleet(s, player, o.fleet), findFleet(s, player, o.into)];
    if (!f || !into) resolved(t, player, o, 'rejected', `you have no fleet ${f ? o.into : o.fleet}`);
    else if (f.loc !== into.loc)
      resolved(
        t,
        player,
        o,
        'rejected',
        `NOT_SAME_LOCATION: ${o.fleet} is at ${f.loc}, ${o.into} at ${into.loc}`,
      );
    else {
      t.emit('FleetsMerged', { owner: player, fleet: o.fleet, into: o.into });
      resolved(t, player, o, 'done');
    }
    return;
  }
  const from = findFleet(s, player, o.from);
  if (!from) return resolved(t, player, o, 'rejected', `you have no fleet ${o.from}`);
  if (findFleet(s, player, o.fleet))
    return resolved(t, player, o, 'rejected', `${o.fleet} already exists: MERGE joins fleets`);
  const { ids, missing } = pick(s, from, o.units);
  const leaving = from.units.filter((u) => ids.includes(u.id));
  const staying = from.units.filter((u) => !ids.includes(u.id));
  const problem =
    leaving.length === 0
      ? `none of these units is in ${o.from}`
      : staying.length === 0
        ? `that is all of ${o.from}: give it the order instead`
        : (carryProblem(o.fleet, leaving) ??
          carryProblem(o.from, staying) ??
          (!shortOfFighters(from.units) && (shortOfFighters(leaving) || shortOfFighters(staying))
            ? `CV_MIN_FIGHTERS: each CV keeps at least ${CV_MIN_FIGHTERS} Ftr`
            : null));
  if (problem !== null) return resolved(t, player, o, 'rejected', problem);
  t.emit('FleetSplit', { owner: player, from: o.from, fleet: o.fleet, units: leaving.map((u) => u.id) });
  if (missing.length > 0) resolved(t, player, o, 'reduced', `not in ${o.from}: ${missing.join(', ')}`);
  else resolved(t, player, o, 'done');
}

type Transfer = Extract<GdOrder, { type: 'embark' | 'disembark' }>;

/**
 * §4.1 EMBARK and DISEMBARK, in a transfer segment (§5 G vi) where the fleet is at the planet: MI of
 * the garrison board as far as the fleet has room, or land on the own planet. Returns false while the
 * fleet is elsewhere (the order waits for a later segment).
 */
export function transfer(t: Turn, player: PlayerId, o: Transfer): boolean {
  const s = t.state;
  const fleet = findFleet(s, player, o.fleet);
  if (!fleet) {
    resolved(t, player, o, 'rejected', `you have no fleet ${o.fleet}`);
    return true;
  }
  const at = stateLoc(s, o.planet);
  const p = at === null ? null : planetAt(s, at);
  if (at === null || !p || p.owner !== player) {
    resolved(t, player, o, 'rejected', `${o.planet} is not one of your planets`);
    return true;
  }
  if (fleet.loc !== at) return false;
  const aboard = fleet.units.filter((u) => u.type === 'MI');
  const take =
    o.type === 'embark'
      ? p.mi.slice(0, Math.max(0, Math.min(o.count, capacity(countsOf(fleet.units)).mi - aboard.length)))
      : aboard.slice(0, o.count);
  if (take.length === 0) {
    const why =
      o.type === 'embark'
        ? p.mi.length === 0
          ? `${o.planet} has no garrison MI (Homeguard MI never move)`
          : `NO_CAPACITY: ${o.fleet} has no room for MI`
        : `${o.fleet} carries no MI`;
    resolved(t, player, o, 'rejected', why);
    return true;
  }
  const units = take.map((u) => u.id);
  if (o.type === 'embark') t.emit('UnitsEmbarked', { owner: player, fleet: o.fleet, units });
  else t.emit('UnitsLanded', { owner: player, fleet: o.fleet, units });
  resolved(
    t,
    player,
    o,
    take.length < o.count ? 'reduced' : 'done',
    take.length < o.count ? `${take.length} of ${o.count} MI` : '',
  );
  return true;
}

type Bombard = Extract<GdOrder, { type: 'bombard' }>;

/**
 * §4.1 BOMBARD, §6.8: at the end of a segment where the fleet is at the planet, before its battles
 * (Decision: a BB that would fight there first could not fire on the MI afterwards, having fought),
 * the BB gives up its fire for the turn (combat rolls no dice for it): d6 1–2 kills one of the
 * planet's MI, the first by id (the defender's minLoss: every MI costs the same). It needs no enemy
 * ships, GBDS or ODS there, nor pirates or aliens met there waiting to fight. Returns
 * false while the fleet is elsewhere (the order waits). Draws one d6.
 */
export function bombard(t: Turn, player: PlayerId, o: Bombard): boolean {
  const s = t.state;
  const fleet = findFleet(s, player, o.fleet);
  const unit = ownUnitId(s, player, o.unit);
  if (!fleet || !fleet.units.some((u) => u.id === unit)) {
    resolved(
      t,
      player,
      o,
      'rejected',
      fleet ? `${o.fleet} has no BB${o.unit.number}` : `you have no fleet ${o.fleet}`,
    );
    return true;
  }
  const at = stateLoc(s, o.planet);
  const p = at === null ? null : planetAt(s, at);
  if (at === null || !p || p.owner === player) {
    resolved(t, player, o, 'rejected', `${o.planet} is not a planet of another`);
    return true;
  }
  if (fleet.loc !== at) return false;
  const targets = [...p.mi, ...p.homeguard];
  const enemyShips =
    p.natives.length > 0 ||
    pendingNpc(s, at).length > 0 ||
    s.fleets.some((f) => f.loc === at && f.owner !== player && f.units.some((u) => !UNITS[u.type].carried));
  const problem = s.log.fired.includes(unit)
    ? `BB_ALREADY_FIRED: BB${o.unit.number} has fought this turn`
    : enemyShips || p.gbds.length > 0 || p.ods
      ? `ENEMY_DEFENCES: ${o.planet} still has ships, GBDS or an ODS`
      : targets.length === 0
        ? `${o.planet} has no MI`
        : null;
  if (problem !== null) {
    resolved(t, player, o, 'rejected', problem);
    return true;
  }
  const roll = t.rng.int(1, 6);
  t.emit('Bombarded', { loc: at, unit, roll });
  const killed = roll <= 2 ? [...targets].sort((a, b) => compareUnitIds(a.id, b.id))[0] : null;
  if (killed) t.emit('UnitsLost', { units: [killed.id] });
  const text = `${unitList([unit])} fired on the MI of ${p.name} (${at}): d6 ${roll}, ${killed ? `${unitList([killed.id])} destroyed` : 'no kill'}`;
  for (const to of new Set([player, p.owner])) if (to !== null) t.emit('Noted', { player: to, text });
  resolved(t, player, o, 'done', `d6 ${roll}${killed ? `: ${unitList([killed.id])} destroyed` : ''}`);
  return true;
}
