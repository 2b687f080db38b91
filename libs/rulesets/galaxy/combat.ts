import type { Rng } from '@warpgate/engine';
import { attackOf, defenceOf, killProbability, typeMass } from './formulas';
import { productionName } from './names';
import {
  rulesOf,
  type Bombing,
  type GalaxyState,
  type Planet,
  type Race,
  type RaceId,
  type Shots,
} from './state';
import { atWar, groupsAtPlanets, isArmed, planetAt, raceOf, shipType, type Placed } from './turn';

/** Battles (digest §7) and bombing (§6.12). */

const MAX_ROUNDS = 10_000;

interface Fighter {
  side: Side;
  /** Position in the line-up: shots name shooter and target by it. */
  index: number;
  attack: number;
  defence: number;
  shots: number;
  alive: number;
  /** Ships that have not fired this round are indices 0 … ready − 1 of the group. */
  ready: number;
}

/** Counts with prefix sums (a Fenwick tree): picking the k-th ship takes log time in big battles. */
class Counts {
  private readonly tree: number[];
  total = 0;
  constructor(size: number) {
    this.tree = new Array<number>(size + 1).fill(0);
  }
  add(i: number, delta: number): void {
    this.total += delta;
    for (let j = i + 1; j < this.tree.length; j += j & -j) this.tree[j] += delta;
  }
  /** The entry holding the k-th unit (0-based), and k's offset inside it. */
  find(k: number): [number, number] {
    let pos = 0;
    for (let step = 1 << Math.floor(Math.log2(this.tree.length)); step > 0; step >>= 1)
      if (pos + step < this.tree.length && this.tree[pos + step] <= k) {
        pos += step;
        k -= this.tree[pos];
      }
    return [pos, k];
  }
}

/** One race's fighters in a battle. */
interface Side {
  race: Race;
  fighters: Fighter[];
  /** Living ships, by fighter. */
  alive: Counts;
  /** Ships yet to fire this round. */
  ready: number;
  /** The sides it may fire at. */
  targets: Side[];
}

export interface LineUp {
  /** Every group at the planet. */
  here: Placed[];
  fighting: Race[];
  targetsOf: Map<Race, Race[]>;
  /** The groups of the races in the fight, as at the planet: shots name shooter and target by index here. */
  groups: Placed[];
}

/** Who may fire at whom among the groups at a planet, or null when nobody may fire at anybody. */
export function lineUp(here: Placed[]): LineUp | null {
  const races = [...new Set(here.map((h) => h.race))];
  const armed = new Set<Race>();
  for (const h of here)
    if (!armed.has(h.race) && h.g.ships > 0 && isArmed(shipType(h.race, h.g))) armed.add(h.race);
  const mayFire = (x: Race, y: Race) => armed.has(x) && (atWar(x, y) || (atWar(y, x) && armed.has(y)));
  const targetsOf = new Map(races.map((x) => [x, races.filter((y) => mayFire(x, y))]));
  const fighting = races.filter(
    (x) => (targetsOf.get(x) ?? []).length > 0 || races.some((y) => mayFire(y, x)),
  );
  if (fighting.length === 0) return null;
  return { here, fighting, targetsOf, groups: here.filter((h) => fighting.includes(h.race)) };
}

/** The shots of one battle (§7). */
export function fight(line: LineUp, rng: Rng): Shots['shots'] {
  const sides = new Map<Race, Side>(
    line.fighting.map((race) => [race, { race, fighters: [], alive: new Counts(0), ready: 0, targets: [] }]),
  );
  const fighters = line.groups.map(({ race, g }, index): Fighter => {
    const ty = shipType(race, g);
    const side = sides.get(race) as Side;
    const f = {
      side,
      index,
      attack: isArmed(ty) ? attackOf(ty, g) : 0,
      defence: defenceOf(ty, g),
      shots: ty.attacks,
      alive: g.ships,
      ready: 0,
    };
    side.fighters.push(f);
    return f;
  });
  for (const side of sides.values()) {
    side.targets = (line.targetsOf.get(side.race) ?? []).map((y) => sides.get(y) as Side);
    side.alive = new Counts(side.fighters.length);
    side.fighters.forEach((f, slot) => side.alive.add(slot, f.alive));
  }
  const all = [...sides.values()];
  const shots: Shots['shots'] = [];

  // Someone could still kill something: the best attack of a side against the weakest defence it may shoot at.
  const canHurt = () => {
    const best = new Map<Side, { attack: number; defence: number }>();
    for (const side of all) {
      const b = { attack: 0, defence: Infinity };
      for (const f of side.fighters) {
        if (f.alive === 0) continue;
        if (f.shots > 0) b.attack = Math.max(b.attack, f.attack);
        b.defence = Math.min(b.defence, f.defence);
      }
      best.set(side, b);
    }
    const of = (side: Side) => best.get(side) as { attack: number; defence: number };
    return all.some((x) => x.targets.some((y) => killProbability(of(x).attack, of(y).defence) > 0));
  };
  /** Some ship yet to fire this round has something alive to fire at. */
  const mayHit = () => all.some((x) => x.ready > 0 && x.targets.some((y) => y.alive.total > 0));

  for (let round = 0; round < MAX_ROUNDS && canHurt(); round++) {
    const ready = new Counts(fighters.length);
    for (const side of all) side.ready = 0;
    for (const f of fighters) {
      f.ready = f.shots > 0 && f.attack > 0 ? f.alive : 0;
      f.side.ready += f.ready;
      ready.add(f.index, f.ready);
    }
    while (ready.total > 0) {
      if (!mayHit()) {
        // The rest of the round fires at nothing: its picks of a shooter only draw.
        for (let n = ready.total; n > 0; n--) rng.int(0, n - 1);
        break;
      }
      const shooter = fighters[ready.find(rng.int(0, ready.total - 1))[0]];
      shooter.ready--;
      shooter.side.ready--;
      ready.add(shooter.index, -1);
      const targets = shooter.side.targets;
      for (let s = 0; s < shooter.shots; s++) {
        let count = 0;
        for (const y of targets) count += y.alive.total;
        if (count === 0) break;
        let k = rng.int(0, count - 1);
        let y = targets[0];
        for (let i = 0; k >= y.alive.total; y = targets[++i]) k -= y.alive.total;
        const [slot, offset] = y.alive.find(k);
        const target = y.fighters[slot];
        const hit = rng.next() / 2 ** 32 < killProbability(shooter.attack, target.defence);
        shots.push([shooter.index, target.index, hit ? 1 : 0]);
        if (!hit) continue;
        // Ship `offset` dies; a ready one leaves the ready block, which stays at the front.
        target.alive--;
        y.alive.add(slot, -1);
        if (offset < target.ready) {
          target.ready--;
          y.ready--;
          ready.add(target.index, -1);
        }
      }
    }
  }

  return shots;
}

/** The line-ups of battles at these planets, as the groups stand. */
function lineUps(s: GalaxyState, planets: Set<number>): Map<number, LineUp> {
  const at = groupsAtPlanets(s, (g) => planets.has(g.planet));
  const lines = new Map<number, LineUp>();
  for (const planet of planets) {
    const line = lineUp(at.get(planet) ?? []);
    if (!line) throw new Error(`nobody fights at planet ${planet}`);
    lines.set(planet, line);
  }
  return lines;
}

/**
 * Steps 3 and 8 as BattlesFought tells them: each battle's losses from its shots and its account in
 * the news, then the destroyed groups gone. `lines`: the battles' line-ups, when the caller has them.
 */
export function fightBattles(
  s: GalaxyState,
  phase: 1 | 2,
  battles: Shots[],
  lines = lineUps(s, new Set(battles.map((b) => b.planet))),
): void {
  /** Races that lost a whole group. */
  const losers = new Set<Race>();
  for (const { planet, shots } of battles) {
    const line = lines.get(planet) as LineUp;
    const after = line.groups.map(({ g }) => g.ships);
    // Indexed, not destructured: no iterator per shot.
    for (const shot of shots) if (shot[2]) after[shot[1]]--;
    const owner = planetAt(s, planet).owner;
    const observers = new Set<RaceId>();
    for (const h of line.here) observers.add(h.race.id);
    if (owner) observers.add(owner);
    s.news.battles.push({
      phase,
      planet,
      observers: [...observers],
      groups: line.groups.map(({ race, g }, i) => ({
        race: race.name,
        number: g.number,
        type: g.type,
        tech: g.tech,
        cargo: g.cargo,
        load: g.load,
        before: g.ships,
        after: after[i],
      })),
      shots: shots.map((shot) => [shot[0], shot[1], shot[2] === 1]),
    });
    line.groups.forEach(({ race, g }, i) => {
      if (rulesOf(s) >= 2 && after[i] < g.ships)
        race.massLost = (race.massLost ?? 0) + (g.ships - after[i]) * typeMass(shipType(race, g));
      g.ships = after[i];
      if (g.ships === 0) losers.add(race);
    });
  }
  // In place: the lists are this state's own (the resolver's copy, or one evolve made for the event).
  for (const race of losers) {
    let kept = 0;
    for (const g of race.groups) if (g.ships > 0) race.groups[kept++] = g;
    race.groups.length = kept;
  }
}

/** The races whose armed ships at the planet, at war with its owner, bomb it (§6.12), in seat order. */
export function bombers(s: GalaxyState, planet: Planet, here: Placed[]): RaceId[] {
  const owner = s.races.find((r) => r.id === planet.owner);
  if (!owner) return [];
  const by = new Set<RaceId>();
  for (const { race, g } of here)
    if (!by.has(race.id) && g.ships > 0 && atWar(race, owner) && isArmed(shipType(race, g))) by.add(race.id);
  return [...by];
}

/**
 * The account of a bombing, from the planet before it is emptied. Its owner saw it, and every race
 * with ships there before this phase's battle (the battle's observers, or there now).
 */
export function bombing(s: GalaxyState, planet: Planet, phase: 1 | 2, by: RaceId[]): Bombing {
  const owner = raceOf(s, planet.owner as RaceId);
  const battle = s.news.battles.find((b) => b.phase === phase && b.planet === planet.id);
  const there = (r: Race) =>
    (battle?.observers.includes(r.id) ?? false) ||
    r.groups.some((g) => g.origin === null && g.planet === planet.id);
  return {
    phase,
    planet: planet.id,
    planetName: planet.name,
    owner: owner.name,
    bombers: by.map((id) => raceOf(s, id).name),
    observers: [owner.id, ...s.races.filter((r) => r !== owner && there(r)).map((r) => r.id)],
    before: {
      population: planet.population,
      industry: planet.industry,
      production: productionName(planet.production),
      capital: planet.capital,
      materials: planet.materials,
      colonists: planet.colonists,
    },
  };
}

/** A bombed or abandoned planet: nobody's, empty; capital and materials stay. */
export function wipe(p: Planet): void {
  p.owner = null;
  p.population = 0;
  p.industry = 0;
  p.colonists = 0;
  p.production = null;
  p.shipProgress = 0;
  p.routes = {};
}
