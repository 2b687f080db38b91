import type { Rng } from '@warpgate/engine';
import { doctrineOf, hostile } from './combat-events';
import { operational } from './design';
import { bodyAt, empireById } from './evolve';
import { crewHit, isPre, seasoned, techHit } from './experience';
import {
  IND,
  type AreaId,
  type Body,
  type Crew,
  type EmpireId,
  type SfState,
  type Ship,
  type Turn,
} from './state';

/**
 * The planet's part of a fight (digest §7.6 steps 2–4, §7.7): landings, ground combat, capture,
 * bombardment, and at the month's end population destruction. Space-to-ground combat (step 1) is
 * space combat's round engine (combat.ts). Dice: ground rounds draw the attacker's then the
 * defender's initiative d10 (both again on a tie), then a d10 per PCF of the side firing first
 * (regulars, then militia), then the other side's; bombardment a d10 per /\ of each ship, ascending id.
 */

/** Decision: ground combat stops after this many rounds in a week (both sides keep what is left). */
export const MAX_GROUND_ROUNDS = 30;

const d10 = (rng: Rng) => rng.int(1, 10);

const tfShipsAt = (s: SfState, area: AreaId) =>
  s.taskForces
    .filter((tf) => tf.area === area && tf.leg === null)
    .map((tf) => ({ tf, ships: s.ships.filter((x) => x.owner === tf.owner && x.tf === tf.name) }));

/** Whether an empire's enemy has a ground base or small craft at the area (landings wait, §7.6 step 2). */
function defended(s: SfState, area: AreaId, body: Body, lander: EmpireId): boolean {
  if (body.groundBase && body.owner && hostile(s, lander, body.owner)) return true;
  const craft = (c: Record<string, number>) => Object.values(c).some((n) => n > 0);
  return s.ships.some(
    (x) =>
      hostile(s, lander, x.owner) &&
      craft(x.craft) &&
      (x.area === area || tfShipsAt(s, area).some(({ ships }) => ships.includes(x))),
  );
}

/**
 * §7.6 step 2 (Decision 33, no opposed landings): PCF aboard TFs with landPCF land on an enemy planet
 * once it has no enemy ground base and no enemy craft are here, if the TF has an As and a V. Returns
 * the ships that landed them.
 */
export function landPcf(t: Turn, area: AreaId, withdrawn: ReadonlySet<number>): Ship[] {
  const s = t.state;
  const body = bodyAt(s, area);
  const owner = body?.owner;
  const landed: Ship[] = [];
  if (!body || !owner) return landed;
  for (const { tf, ships } of tfShipsAt(s, area)) {
    if (!hostile(s, tf.owner, owner) || !doctrineOf(s, tf.owner, tf.name).landPCF) continue;
    const staying = ships.filter((x) => !withdrawn.has(x.id));
    const from = staying
      .filter((x) => (x.cargo.pcf?.count ?? 0) > 0)
      .map((x) => ({ ship: x.id, count: x.cargo.pcf?.count ?? 0 }));
    if (from.length === 0 || defended(s, area, body, tf.owner)) continue;
    const assault = staying.some((x) => x.craft.As > 0);
    const bays = staying.some((x) => operational(x.design, x.destroyed, 'V') > 0);
    if (!assault || !bays) continue;
    const crew = staying.find((x) => x.id === from[0].ship)?.cargo.pcf?.crew ?? { level: 'GRN' };
    t.emit('PcfLanded', { area, owner: tf.owner, from, crew });
    landed.push(...staying.filter((x) => from.some((f) => f.ship === x.id)));
  }
  return landed;
}

/** §7.6: own PCF tech − enemy's when positive (Decision 24); IND −2. */
const pcfBonus = (own: number, enemy: number) => (own <= IND ? -2 : Math.max(0, own - enemy));

interface GroundSide {
  owner: EmpireId;
  pcf: number;
  militia: number;
  crew: Crew;
  tech: number;
}

/** A side's volley: a die per PCF (regulars, then militia), and the hits. */
function volley(rng: Rng, side: GroundSide, enemyTech: number): { rolls: number[]; hits: number } {
  const rolls: number[] = [];
  let hits = 0;
  const bonus = pcfBonus(side.tech, enemyTech);
  const roll = (crew: Crew, n: number) => {
    for (let i = 0; i < n; i++) {
      const r = d10(rng);
      rolls.push(r);
      if (isPre(side.tech) ? r === 10 : r + crewHit(crew) + bonus >= 6) hits++;
    }
  };
  roll(side.crew, side.pcf);
  roll({ level: 'RAW', since: 0 }, side.militia);
  return { rolls, hits };
}

/**
 * §7.6 steps 3–4: each enemy garrison on the area's planet fights its owner's PCF and militia; the
 * last standing with no ground base left takes the planet. Garrisons learn from it (§6.10).
 */
export function groundCombat(t: Turn, area: AreaId): void {
  const s = t.state;
  const body = bodyAt(s, area);
  if (!body) return;
  for (;;) {
    const owner = body.owner;
    const attacker = owner ? body.garrisons.find((g) => hostile(s, g.owner, owner)) : undefined;
    if (!owner || !attacker) return;
    const defence = body.garrisons.find((g) => g.owner === owner);
    if ((defence?.count ?? 0) + militiaOf(s, body) > 0) fightGround(t, body, attacker.owner, owner);
    const left = body.garrisons.find((g) => g.owner === attacker.owner);
    const held = body.garrisons.some((g) => g.owner === owner) || militiaOf(s, body) > 0;
    // An enemy ground base still standing keeps the planet its owner's: the PCF wait (Decision).
    if (!left || held || body.groundBase) return;
    t.emit('AreaCaptured', { area, by: attacker.owner, from: owner });
  }
}

/** Militia a planet calls (§7.6): 1 Raw PCF per current EP; Decision: only for its rightful owner. */
const militiaOf = (s: SfState, body: Body): number =>
  body.owner && body.capturedFrom === null && empireById(s, body.owner).planetDoctrine.callMilitia
    ? body.currentEp
    : 0;

function fightGround(t: Turn, body: Body, attackerId: EmpireId, ownerId: EmpireId): void {
  const s = t.state;
  const area = body.area;
  const pcfOf = (owner: EmpireId) => body.garrisons.find((g) => g.owner === owner);
  const doctrine = empireById(s, ownerId).planetDoctrine;
  const sideOf = (owner: EmpireId, militia: number): GroundSide => ({
    owner,
    pcf: pcfOf(owner)?.count ?? 0,
    militia,
    crew: pcfOf(owner)?.crew ?? { level: 'GRN' },
    tech: empireById(s, owner).tech.PCF,
  });
  const attacker = sideOf(attackerId, 0);
  const defender = sideOf(ownerId, militiaOf(s, body));
  const start = { [attackerId]: attacker.pcf, [ownerId]: defender.pcf };
  const alive = (x: GroundSide) => x.pcf + x.militia > 0;
  for (let round = 1; round <= MAX_GROUND_ROUNDS && alive(attacker) && alive(defender); round++) {
    let a = 0;
    let d = 0;
    let aRoll = 0;
    let dRoll = 0;
    while (a === d) {
      aRoll = d10(t.rng);
      dRoll = d10(t.rng);
      // Decision: every v1 landing is opposed, so the defender has +1 in round 1.
      [a, d] = [aRoll, dRoll + (round === 1 ? 1 : 0)];
    }
    const first = a > d ? attacker : defender;
    const initiative = [
      { owner: attackerId, roll: aRoll, total: a },
      { owner: ownerId, roll: dRoll, total: d },
    ].sort((x, y) => y.total - x.total);
    t.emit('GroundRound', { area, round, initiative });
    for (const side of first === attacker ? [attacker, defender] : [defender, attacker]) {
      const enemy = side === attacker ? defender : attacker;
      if (!alive(side) || !alive(enemy)) break;
      const { rolls, hits } = volley(t.rng, side, enemy.tech);
      // The defender chooses who dies: militia first unless told otherwise (§7.6).
      const militiaFirst = enemy === defender && doctrine.militiaFirst;
      const militia = militiaFirst
        ? Math.min(hits, enemy.militia)
        : Math.min(Math.max(0, hits - enemy.pcf), enemy.militia);
      const pcf = Math.min(enemy.pcf, hits - (militiaFirst ? militia : 0));
      enemy.pcf -= pcf;
      enemy.militia -= militia;
      t.emit('GroundFire', { area, round, by: side.owner, rolls, hits, owner: enemy.owner, pcf, militia });
    }
  }
  const garrisons = [attackerId, ownerId].flatMap((owner) => {
    const g = pcfOf(owner);
    return g ? [{ owner, crew: seasoned(g.crew, 2 * (start[owner] - g.count) > start[owner]) }] : [];
  });
  if (garrisons.length > 0) t.emit('Seasoned', { area, ships: [], groundBase: null, garrisons });
}

/**
 * §7.7: the ships (not withdrawn, ascending id) with bombard doctrine and a working /\ at an enemy
 * inhabited planet that has no ground base and current EP to lose.
 */
export function bombarders(s: SfState, area: AreaId, withdrawn: ReadonlySet<number>): Ship[] {
  const body = bodyAt(s, area);
  const owner = body?.owner;
  if (!body || !owner || body.groundBase || body.maxEp === 0 || body.currentEp === 0) return [];
  return tfShipsAt(s, area)
    .filter(({ tf }) => hostile(s, tf.owner, owner) && doctrineOf(s, tf.owner, tf.name).bombard)
    .flatMap(({ ships: list }) => list)
    .filter((x) => !withdrawn.has(x.id) && operational(x.design, x.destroyed, '/\\') > 0)
    .sort((a, b) => a.id - b.id);
}

/**
 * §7.7: after the other fighting, each bombarder rolls each /\ once: 9+ (crew, Missile tech) costs
 * the planet 1 current EP.
 */
export function bombard(t: Turn, area: AreaId, withdrawn: ReadonlySet<number>): void {
  const s = t.state;
  const body = bodyAt(s, area);
  for (const x of bombarders(s, area, withdrawn)) {
    if (!body || body.currentEp === 0) break;
    const missiles = operational(x.design, x.destroyed, '/\\');
    // §7.7's formula has no commander term (unlike ship fire, §7.3).
    const mod = crewHit(x.crew) + techHit(empireById(s, x.owner).tech.MSL);
    const rolls = Array.from({ length: missiles }, () => d10(t.rng));
    t.emit('Bombarded', { area, ship: x.id, rolls, hits: rolls.filter((r) => r + mod >= 9).length });
  }
}

/**
 * Whether the captor's doctrine at an area says destroyPopulation (§4.3, §7.7). Decision: its TFs in
 * the area decide (any one of them with it set, by its own doctrine or the default it keeps); with
 * none there, the empire default.
 */
function destroysPopulation(s: SfState, captor: EmpireId, area: AreaId): boolean {
  const tfs = tfShipsAt(s, area).filter(({ tf }) => tf.owner === captor);
  if (tfs.length === 0) return doctrineOf(s, captor, null).destroyPopulation;
  return tfs.some(({ tf }) => doctrineOf(s, captor, tf.name).destroyPopulation);
}

/**
 * §5 step 8, §7.7: each captured area whose captor's PCF held it through the whole month (captor's
 * then and now, given `start`, the state the month began with) loses max EP by those PCF, when the
 * captor's doctrine there says destroyPopulation and the game allows it. Expects the weeks done.
 */
export function destroyPopulation(t: Turn, start: SfState): void {
  const s = t.state;
  if (!s.settings.destroyPopulation) return;
  for (const system of s.systems)
    for (const body of system.bodies) {
      const by = body.owner;
      const victim = body.capturedFrom;
      if (!by || !victim || body.maxEp === 0 || !destroysPopulation(s, by, body.area)) continue;
      const before = bodyAt(start, body.area);
      const then = before?.owner === by ? (before.garrisons.find((g) => g.owner === by)?.count ?? 0) : 0;
      const ep = Math.min(then, body.garrisons.find((g) => g.owner === by)?.count ?? 0, body.maxEp);
      if (ep === 0) continue;
      // Genocide: this was the race's last populated area (§7.7).
      const others = s.systems.some((x) =>
        x.bodies.some((b) => b !== body && (b.owner === victim || b.capturedFrom === victim) && b.maxEp > 0),
      );
      t.emit('PopulationDestroyed', { area: body.area, by, ep, genocide: ep === body.maxEp && !others });
    }
}
