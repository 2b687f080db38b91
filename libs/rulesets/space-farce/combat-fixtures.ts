import { createRng, type Rng } from '@warpgate/engine';
import { apply, bodyAt, evolveAll, recordingTurn, shipById } from './evolve';
import { setup } from './setup';
import {
  initialState,
  sfEvent,
  surveyArea,
  type AreaId,
  type Crew,
  type EmpireId,
  type Relation,
  type SfState,
  type Ship,
} from './state';

/**
 * Positions for combat tests: a two-player galaxy from the core's setup, and ships commissioned
 * where a test wants them. What the core has no event for yet (relations, colonies) is set directly.
 */

export const P1 = 'p1';
export const P2 = 'p2';
const PLAYERS = [
  { id: P1, name: 'Vegans' },
  { id: P2, name: 'Altairians' },
];

export const AVG: Crew = { level: 'AVG', battles: 0 };

/** The galaxy after setup; `settings` as the lobby gives them. */
export const baseState = (settings: Record<string, number | boolean> = {}): SfState =>
  evolveAll(initialState(), setup(settings, PLAYERS, createRng('combat', 0)));

/** The first system that is nobody's home. */
export function openSystem(s: SfState): number {
  const homes = s.empires.map((e) => Number(e.home.split(' ')[0]));
  const free = s.systems.find(
    (x) =>
      !homes.includes(x.id) && x.bodies.length > 0 && !s.empires.some((e) => e.home.startsWith(`${x.id} `)),
  );
  if (!free) throw new Error('no open system');
  return free.id;
}

/** A deep-space area with no planet: space combat only. */
export const spaceArea = (s: SfState): AreaId => surveyArea(openSystem(s));

/** A planet of an open system. */
export const planetArea = (s: SfState): AreaId => {
  const body = s.systems[openSystem(s) - 1].bodies[0];
  return body.area;
};

/** Commissions a ship (or base) into `tf` at `area` and returns it. */
export function commission(
  s: SfState,
  owner: EmpireId,
  cls: string,
  design: string,
  area: AreaId,
  tf: string | null,
  crew: Crew = AVG,
): Ship {
  const id = s.nextShip;
  const number =
    1 + Math.max(0, ...s.ships.filter((x) => x.owner === owner && x.cls === cls).map((x) => x.number));
  apply(
    s,
    sfEvent('ShipCommissioned', {
      ship: id,
      owner,
      kind: tf === null ? 'base' : 'ship',
      cls,
      number,
      design,
      crew,
      area,
      tf,
    }),
  );
  return shipById(s, id) as Ship;
}

/** Sets a relation (the diplomacy part's events make them in a game). */
export function relate(s: SfState, a: EmpireId, b: EmpireId, state: Relation): void {
  const [x, y] = a < b ? [a, b] : [b, a];
  s.relations = s.relations.filter((r) => !(r.a === x && r.b === y));
  s.relations.push({ a: x, b: y, state, since: s.month, market: [] });
}

/** Makes a planet an empire's colony (the economy part's events do it in a game). */
export function colony(s: SfState, area: AreaId, owner: EmpireId, ep: number): void {
  const body = bodyAt(s, area);
  if (!body) throw new Error(`no body at ${area}`);
  Object.assign(body, { owner, maxEp: ep, currentEp: ep, yearStartMax: ep });
}

export { scripted } from './turn-fixtures';

/** A Turn on a copy of `start`: its working state and the events emitted. */
export function turnOf(start: SfState, rng: Rng = createRng('combat-turn', 1)) {
  const { t, events } = recordingTurn(start, rng);
  const state = t.state;
  const named = <T = Record<string, unknown>>(name: string) =>
    events.filter((e) => e.type === `space-farce.${name}`).map((e) => e.data as T);
  return { t, state, events, named };
}
