import type { Rng } from '@warpgate/engine';
import { attackOf, defenceOf, killProbability } from './formulas';
import { productionName } from './names';
import type { Bombing, GalaxyState, Planet, Race, Shots } from './state';
import { atWar, groupsAtPlanets, isArmed, planetAt, shipType, type Placed } from './turn';

/** Battles (digest §7) and bombing (§6.12). */

const MAX_ROUNDS = 10_000;

interface Fighter extends Placed {
  attack: number;
  defence: number;
  shots: number;
  alive: number;
  /** Ships that have not fired this round are indices 0 … ready − 1 of the group. */
  ready: number;
  /** Position among its race's fighters. */
  slot: number;
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

interface LineUp {
  fighting: Race[];
  targetsOf: Map<Race, Race[]>;
  /** The groups of the races in the fight, as at the planet: shots name shooter and target by index here. */
  groups: Placed[];
}

/** Who may fire at whom among the groups at a planet, or null when nobody may fire at anybody. */
function lineUp(here: Placed[]): LineUp | null {
  const races = [...new Set(here.map((h) => h.race))];
  const armed = new Set(
    here.filter((h) => h.g.ships > 0 && isArmed(shipType(h.race, h.g))).map((h) => h.race),
  );
  const mayFire = (x: Race, y: Race) => armed.has(x) && (atWar(x, y) || (atWar(y, x) && armed.has(y)));
  const targetsOf = new Map(races.map((x) => [x, races.filter((y) => mayFire(x, y))]));
  const fighting = races.filter(
    (x) => (targetsOf.get(x) ?? []).length > 0 || races.some((y) => mayFire(y, x)),
  );
  if (fighting.length === 0) return null;
  return { fighting, targetsOf, groups: here.filter((h) => fighting.includes(h.race)) };
}

/** The shots of one battle among the groups at a planet (§7), or null when nobody may fire at anybody. */
export function fight(here: Placed[], rng: Rng): Shots['shots'] | null {
  const line = lineUp(here);
  if (!line) return null;
  const { fighting, targetsOf } = line;
  const byRace = new Map<Race, Fighter[]>(fighting.map((x) => [x, []]));
  const fighters: Fighter[] = line.groups.map((h) => {
    const ty = shipType(h.race, h.g);
    const own = byRace.get(h.race) as Fighter[];
    const f = {
      ...h,
      attack: isArmed(ty) ? attackOf(ty, h.g) : 0,
      defence: defenceOf(ty, h.g),
      shots: ty.attacks,
      alive: h.g.ships,
      ready: 0,
      slot: own.length,
    };
    own.push(f);
    return f;
  });
  const index = new Map(fighters.map((f, i) => [f, i]));
  const alive = new Map([...byRace].map(([x, fs]) => [x, new Counts(fs.length)]));
  for (const f of fighters) alive.get(f.race)?.add(f.slot, f.alive);
  const shots: Shots['shots'] = [];

  // Someone could still kill something: the best attack of a race against the weakest defence it may shoot at.
  const canHurt = () => {
    const best = new Map<Race, { attack: number; defence: number }>();
    for (const f of fighters) {
      if (f.alive === 0) continue;
      const b = best.get(f.race) ?? { attack: 0, defence: Infinity };
      if (f.shots > 0) b.attack = Math.max(b.attack, f.attack);
      b.defence = Math.min(b.defence, f.defence);
      best.set(f.race, b);
    }
    return fighting.some((x) =>
      (targetsOf.get(x) ?? []).some(
        (y) => killProbability(best.get(x)?.attack ?? 0, best.get(y)?.defence ?? Infinity) > 0,
      ),
    );
  };

  for (let round = 0; round < MAX_ROUNDS && canHurt(); round++) {
    const ready = new Counts(fighters.length);
    fighters.forEach((f, i) => {
      f.ready = f.shots > 0 && f.attack > 0 ? f.alive : 0;
      ready.add(i, f.ready);
    });
    while (ready.total > 0) {
      const shooter = fighters[ready.find(rng.int(0, ready.total - 1))[0]];
      shooter.ready--;
      ready.add(index.get(shooter) as number, -1);
      const targetRaces = targetsOf.get(shooter.race) ?? [];
      for (let s = 0; s < shooter.shots; s++) {
        const count = targetRaces.reduce((n, y) => n + (alive.get(y)?.total ?? 0), 0);
        if (count === 0) break;
        let k = rng.int(0, count - 1);
        const y = targetRaces.find((r) =>
          k < (alive.get(r)?.total ?? 0) ? true : ((k -= alive.get(r)?.total ?? 0), false),
        ) as Race;
        const [slot, offset] = (alive.get(y) as Counts).find(k);
        const target = (byRace.get(y) as Fighter[])[slot];
        const hit = rng.next() / 2 ** 32 < killProbability(shooter.attack, target.defence);
        shots.push([index.get(shooter) as number, index.get(target) as number, hit ? 1 : 0]);
        if (!hit) continue;
        // Ship `offset` dies; a ready one leaves the ready block, which stays at the front.
        target.alive--;
        alive.get(y)?.add(slot, -1);
        if (offset < target.ready) {
          target.ready--;
          ready.add(index.get(target) as number, -1);
        }
      }
    }
  }

  return shots;
}

/**
 * Steps 3 and 8 as BattlesFought tells them: each battle's losses from its shots and its account in
 * the news, then the destroyed groups gone.
 */
export function fightBattles(s: GalaxyState, phase: 1 | 2, battles: Shots[]): void {
  const at = groupsAtPlanets(s);
  for (const { planet, shots } of battles) {
    const here = at.get(planet) ?? [];
    const line = lineUp(here);
    if (!line) throw new Error(`nobody fights at planet ${planet}`);
    const after = line.groups.map(({ g }) => g.ships);
    for (const [, target, hit] of shots) if (hit) after[target]--;
    const owner = planetAt(s, planet).owner;
    s.news.battles.push({
      phase,
      planet,
      observers: [...new Set([...here.map((h) => h.race.id), ...(owner ? [owner] : [])])],
      groups: line.groups.map(({ race, g }, i) => ({
        race: race.name,
        number: g.number,
        type: g.type,
        tech: { ...g.tech },
        cargo: g.cargo,
        load: g.load,
        before: g.ships,
        after: after[i],
      })),
      shots: shots.map(([shooter, target, hit]) => [shooter, target, hit === 1]),
    });
    line.groups.forEach(({ g }, i) => (g.ships = after[i]));
  }
  for (const race of s.races) race.groups = race.groups.filter((g) => g.ships > 0);
}

/** Armed ships of races at war with the owner empty the planet (§6.12). */
export function bomb(s: GalaxyState, planet: Planet, here: Placed[], phase: 1 | 2): Bombing | null {
  const owner = s.races.find((r) => r.id === planet.owner);
  if (!owner) return null;
  const bombers = [
    ...new Set(
      here
        .filter((h) => h.g.ships > 0 && atWar(h.race, owner) && isArmed(shipType(h.race, h.g)))
        .map((h) => h.race),
    ),
  ];
  if (bombers.length === 0) return null;
  return {
    phase,
    planet: planet.id,
    planetName: planet.name,
    owner: owner.name,
    bombers: bombers.map((r) => r.name),
    observers: [...new Set([owner.id, ...here.map((h) => h.race.id)])],
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
