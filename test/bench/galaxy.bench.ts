import { createRng, fold, resolveSettings, setupGame, type Rng, type RulesetEvent } from '@warpgate/engine';
import { galaxy, type GalaxyOrder, type GalaxyState } from '@warpgate/rulesets/galaxy';
import { cloneState } from '@warpgate/rulesets/galaxy/turn';
import { elapsedMs, fmt, median } from './stats';

/**
 * Galaxy: one turn of a 30-race game (600 planets) with 20,000 groups — spread over each race's
 * planets, a tenth in hyperspace, some at a neighbour's home to fight and bomb — and orders moving,
 * loading and upgrading groups and changing production (median of repeated resolutions, warm).
 */

const RACES = 30;
const GROUPS = 20_000;
const players = Array.from({ length: RACES }, (_, i) => ({ id: `p${i + 1}`, name: `Race ${i + 1}` }));
const TYPES = [
  { name: 'Drone', drive: 1, attacks: 0, weapons: 0, shields: 0, cargo: 0 },
  { name: 'Gun', drive: 4, attacks: 2, weapons: 2, shields: 4, cargo: 0 },
  { name: 'Freighter', drive: 8, attacks: 0, weapons: 0, shields: 2, cargo: 10 },
  { name: 'Cruiser', drive: 15, attacks: 1, weapons: 15, shields: 15, cargo: 0 },
];

/** Homes are planets 1..30, race r's development planets follow them (setup order, digest §3). */
export function position(seed: string, rng: Rng): GalaxyState {
  const { state } = setupGame(galaxy, resolveSettings(galaxy.settings, {}).settings, players, seed);
  const perRace = Math.floor(GROUPS / RACES);
  state.races.forEach((race, r) => {
    race.types = TYPES.map((t) => ({ ...t }));
    race.fleets = ['Navy'];
    const own = [r + 1, ...Array.from({ length: 7 }, (_, k) => RACES + 7 * r + k + 1)];
    for (const id of own.slice(1))
      Object.assign(state.planets[id - 1], {
        owner: race.id,
        population: 500,
        industry: 300,
        production: rng.pick(['CAP', 'MAT', 'WEAPONS', { ship: 'Gun' }]),
      });
    const enemyHome = ((r + 1) % RACES) + 1;
    for (let i = 0; i < perRace + (r < GROUPS % RACES ? 1 : 0); i++) {
      const type = TYPES[i % TYPES.length];
      const inFlight = i % 10 === 0;
      const planet = i < 5 ? enemyHome : rng.pick(own);
      race.groups.push({
        number: i + 1,
        type: type.name,
        ships: rng.int(1, 20),
        // Distinct techs keep the groups from merging.
        tech: {
          drive: 1 + i / 1000,
          weapons: type.attacks > 0 ? 1 : 0,
          shields: type.shields > 0 ? 1 : 0,
          cargo: type.cargo > 0 ? 1 : 0,
        },
        cargo: null,
        load: 0,
        planet: inFlight ? rng.int(1, state.planets.length) : planet,
        origin: inFlight ? planet : null,
        left: inFlight ? rng.int(5, 60) : 0,
        fleet: i % 50 === 1 ? 'Navy' : null,
      });
    }
  });
  return state;
}

export function orders(state: GalaxyState, rng: Rng): Record<string, GalaxyOrder[]> {
  const out: Record<string, GalaxyOrder[]> = {};
  for (const race of state.races) {
    const list: GalaxyOrder[] = [];
    const docked = race.groups.filter((g) => g.origin === null && g.fleet === null);
    for (const g of docked.slice(0, 60)) {
      if (g.type === 'Freighter') list.push({ type: 'load', group: g.number, cargo: 'MAT', ships: 0 });
      else if (g.type !== 'Gun')
        list.push({ type: 'send', group: g.number, planet: rng.pick(state.planets).name, ships: 0 });
      else list.push({ type: 'upgrade', group: g.number, ships: 1 });
    }
    for (const p of state.planets.filter((pl) => pl.owner === race.id)) {
      list.push({
        type: 'produce',
        planet: p.name,
        what: rng.pick(['CAP', 'MAT', 'DRIVE', 'Gun', 'Freighter']),
      });
      list.push({ type: 'route', planet: p.name, kind: 'EMP', to: rng.pick(state.planets).name });
    }
    out[race.id] = list;
  }
  return out;
}

export async function bench(): Promise<void> {
  const rng = createRng('galaxy-bench', 0);
  const state = position('galaxy-bench', rng);
  const turnOrders = orders(state, rng);
  const groups = state.races.reduce((n, r) => n + r.groups.length, 0);
  const count = Object.values(turnOrders).reduce((n, o) => n + o.length, 0);
  const times: number[] = [];
  const folds: number[] = [];
  let out: RulesetEvent[] = [];
  // Warm (as issue 10 measures it): two untimed resolutions first, while the code is compiled.
  for (let i = 0; i < 2; i++)
    fold(galaxy, galaxy.resolveTurn(state, turnOrders, createRng('galaxy-bench', state.turn)), state);
  for (let i = 0; i < 7; i++) {
    const start = process.hrtime.bigint();
    out = galaxy.resolveTurn(state, turnOrders, createRng('galaxy-bench', state.turn));
    times.push(elapsedMs(start));
    const folded = process.hrtime.bigint();
    fold(galaxy, out, state);
    folds.push(elapsedMs(folded));
  }
  const fought = out.flatMap((e) =>
    e.type === 'galaxy.BattlesFought' ? (e.data as { battles: { shots: unknown[] }[] }).battles : [],
  );
  const shots = fought.reduce((n, b) => n + b.shots.length, 0);
  console.log(
    `one turn, ${RACES} races, ${state.planets.length} planets, ${fmt(groups, 0)} groups, ${fmt(count, 0)} orders: median ${fmt(median(times))} ms (target ≤ 60 ms), and ${fmt(median(folds))} ms to fold its events (${out.length} events, ${fought.length} battles, ${fmt(shots, 0)} shots)`,
  );
  // The events of a turn are what the store keeps of it, besides the orders and the platform's few events.
  const bytes = Buffer.byteLength(JSON.stringify(out));
  const byType = new Map<string, number>();
  for (const e of out)
    byType.set(e.type, (byType.get(e.type) ?? 0) + Buffer.byteLength(JSON.stringify(e.data)));
  const largest = [...byType].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `the turn's domain events: ${fmt(bytes / 1024)} KB of JSON (target ≤ 200 KB; the whole turn ≤ 300 KB); ` +
      `the largest: ${largest.map(([type, n]) => `${type.replace('galaxy.', '')} ${fmt(n / 1024)} KB`).join(', ')}`,
  );
  // Warm like the turn: a median of the runs after the first two (the first, cold, is shown too). Each
  // run on a copy of the state, as each state's reports are made once: nothing cached for it yet.
  const reports: number[] = [];
  for (let i = 0; i < 7; i++) {
    const copy = cloneState(state);
    const start = process.hrtime.bigint();
    for (const r of copy.races) galaxy.report(copy, r.id);
    reports.push(elapsedMs(start));
  }
  console.log(
    `reports for all ${RACES} races: median ${fmt(median(reports.slice(2)))} ms of 5 after 2 warm-ups (target ≤ 100 ms; the first ${fmt(reports[0])} ms)`,
  );
}
