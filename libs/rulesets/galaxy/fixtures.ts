import { createRng, fold, type RulesetEvent } from '@warpgate/engine';
import { galaxy } from './index';
import { emptyPlanet, newRace } from './setup';
import { emptyNews, type GalaxyState, type Group, type Planet, type Race, type ShipType } from './state';

/** Small hand-made positions for the rule tests. */

export const planet = (id: number, x: number, y: number, extra: Partial<Planet> = {}): Planet => ({
  id,
  name: String(id),
  ...emptyPlanet(x, y, 1000, 1),
  ...extra,
});

export const home = (id: number, x: number, y: number, owner: string, extra: Partial<Planet> = {}): Planet =>
  planet(id, x, y, { owner, population: 1000, industry: 1000, resources: 10, production: 'DRIVE', ...extra });

/** Races A (p1) and B (p2) at their homes 1 and 2, 100 ly apart; planets 3 (10 ly from 1) and 4 (near 2) are empty. */
export function tiny(extraPlanets: Planet[] = []): GalaxyState {
  const races: Race[] = [newRace({ id: 'p1', name: 'Alpha' }, 200), newRace({ id: 'p2', name: 'Beta' }, 200)];
  return {
    started: true,
    ended: false,
    turn: 1,
    size: 200,
    planets: [
      home(1, 50, 50, 'p1'),
      home(2, 150, 50, 'p2'),
      planet(3, 60, 50, { size: 500 }),
      planet(4, 150, 60, { size: 500 }),
      ...extraPlanets,
    ],
    races,
    winner: null,
    news: emptyNews(),
  };
}

export const race = (s: GalaxyState, id: string): Race => s.races.find((r) => r.id === id) as Race;

export function addType(s: GalaxyState, raceId: string, spec: string): ShipType {
  const [name, ...n] = spec.split(' ');
  const [drive, attacks, weapons, shields, cargo] = n.map(Number);
  const t = { name, drive, attacks, weapons, shields, cargo };
  race(s, raceId).types.push(t);
  return t;
}

export function addGroup(
  s: GalaxyState,
  raceId: string,
  g: Partial<Group> & { type: string; ships: number; planet: number },
): Group {
  const r = race(s, raceId);
  const group: Group = {
    number: r.groups.reduce((m, x) => Math.max(m, x.number), 0) + 1,
    tech: { drive: 1, weapons: 1, shields: 1, cargo: 1 },
    cargo: null,
    load: 0,
    origin: null,
    left: 0,
    fleet: null,
    ...g,
  };
  r.groups.push(group);
  return group;
}

/** Orders as text bodies per race (the envelope is added); races left out miss the turn. */
export function play(
  s: GalaxyState,
  bodies: Record<string, string>,
  seed = 'test',
): { state: GalaxyState; events: RulesetEvent[] } {
  const orders = Object.fromEntries(
    Object.entries(bodies).map(([id, body]) => [
      id,
      galaxy.parseOrders(`#GALAXY g "${race(s, id).name}"\n${body}\n#END`).orders,
    ]),
  );
  const events = galaxy.resolveTurn(s, orders, createRng(seed, s.turn));
  return { state: fold(galaxy, events, s), events };
}

export const mistakesOf = (s: GalaxyState, id: string): string[] =>
  (s.news.mistakes[id] ?? []).map((m) => `${m.severity}: ${m.message}`);

/** A race's printout. */
export const text = (s: GalaxyState, id: string): string => galaxy.report(s, id)?.text ?? '';
/** The lines of the table titled `title` in a printout, up to the blank line after it. */
export function section(report: string, title: string): string[] {
  const lines = report.split('\n');
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.indexOf('', start + 2);
  return lines.slice(start + 2, end < 0 ? undefined : end);
}
