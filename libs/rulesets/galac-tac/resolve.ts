import type { Rng, RulesetEvent, Standing } from '@warpgate/engine';
import { afterPhase, beforePhase, clashingNames } from './actions';
import { cost } from './design';
import { encounters } from './encounters';
import { apply, cloneState, designOf, empireById, output } from './evolve';
import { missions } from './missions';
import { moveFleets } from './movement';
import { byId, gtEvent, type EmpireId, type GtOrder, type GtState, type Turn } from './state';

/**
 * One fortnight (digest §5). Every change is an event applied to the working copy the moment it is
 * decided, so the state each step reads is the fold of the events so far; the working copy at the end
 * is returned with them (it equals `evolveAll(start, events)`).
 */
export function resolveFortnight(
  start: GtState,
  ordersByPlayer: Record<EmpireId, GtOrder[]>,
  rng: Rng,
): { state: GtState; events: RulesetEvent[] } {
  const events: RulesetEvent[] = [];
  const state = cloneState(start);
  if (!state.started || state.ended) return { state, events };
  const t: Turn = {
    state,
    rng,
    emit: (name, data) => {
      const event = gtEvent(name, data);
      events.push(event);
      apply(state, event);
    },
  };
  const turn = state.turn;
  t.emit('TurnBegan', { turn });

  // 1. Before phase, empires in ascending id; one that sent nothing has no actions.
  const orders = new Map(
    playing(state).map((id) => [id, Object.hasOwn(ordersByPlayer, id) ? ordersByPlayer[id] : []]),
  );
  const clashing = clashingNames(Object.fromEntries(orders));
  const queued = new Map([...orders].map(([id, list]) => [id, beforePhase(t, id, list, clashing)]));
  // 2–3. Movement, encounters.
  const arrived = moveFleets(t);
  encounters(t, arrived, new Map(start.ships.map((x) => [x.id, x.order])));
  // 4. After phase.
  for (const [id, list] of queued) afterPhase(t, id, list);
  // 5–7. Missions, economy, upkeep.
  const destroyedHomes = missions(t);
  t.emit('EconomyRun', {});
  t.emit('UpkeepDone', {});
  // 8. Status.
  endOfTurn(t, destroyedHomes);
  t.emit('TurnCompleted', { turn });
  return { state, events };
}

export const resolveTurn = (
  start: GtState,
  ordersByPlayer: Record<EmpireId, GtOrder[]>,
  rng: Rng,
): RulesetEvent[] => resolveFortnight(start, ordersByPlayer, rng).events;

/** The empires still in the game, ascending id. */
const playing = (s: GtState): EmpireId[] =>
  s.empires
    .filter((e) => e.eliminated === null)
    .map((e) => e.id)
    .sort(byId);

/** The empires of `ids` with the highest value (ties share). */
function best(ids: EmpireId[], value: (id: EmpireId) => number): EmpireId[] {
  const top = Math.max(...ids.map(value));
  return ids.filter((id) => value(id) === top);
}

/**
 * §5 phase 8, §9: empires whose home was destroyed are eliminated; the last one left wins (of several
 * eliminated together, the most valuable just before); at the Masters' return the most valuable wins.
 */
function endOfTurn(t: Turn, destroyedHomes: Map<EmpireId, EmpireId>) {
  const s = t.state;
  const before = new Map(s.empires.map((e) => [e.id, valuation(s, e.id)]));
  const victims = [...destroyedHomes.keys()].sort(byId);
  for (const victim of victims) {
    const by = destroyedHomes.get(victim)!;
    const { name } = empireById(s, victim);
    // A destroyer eliminated in the same fortnight takes nothing, whichever of them comes first.
    t.emit('EmpireEliminated', { empire: victim, by: destroyedHomes.has(by) ? null : by });
    t.emit('Noted', { empire: victim, text: 'Your Home System has been destroyed: your empire is no more' });
    for (const other of s.empires)
      if (other.id !== victim && other.eliminated === null)
        t.emit('Noted', {
          empire: other.id,
          text: other.known.includes(victim)
            ? `Empire ${name} has been destroyed`
            : 'An unknown empire has been destroyed',
        });
  }
  const left = playing(s);
  const winners =
    left.length === 1
      ? left
      : left.length === 0
        ? best(victims, (id) => before.get(id)!)
        : s.turn >= s.mastersReturn
          ? best(left, (id) => valuation(s, id))
          : null;
  if (winners) t.emit('GameFinished', { turn: s.turn, winners });
}

/**
 * Empire Valuation (§6.13 Decision): ships at their design's cost at their TL, dry docks at the cost
 * paid, every PI, PV and missile the empire holds, research spent, and 10 fortnights of each own
 * system's output.
 */
export function valuation(s: GtState, empire: EmpireId): number {
  let value = empireById(s, empire).research;
  for (const x of s.ships)
    if (x.owner === empire)
      value += cost(designOf(s, x).rating, x.tl) + x.missiles + x.cargo.pi + x.cargo.pv + x.cargo.missiles;
  for (const d of s.docks) if (d.owner === empire) value += d.cost;
  for (const system of s.systems) {
    value += system.missiles[empire] ?? 0;
    if (system.owner === empire) value += system.pi + 10 * output(system);
  }
  return value;
}

/** floor(100 × value / the highest value among the empires still in the game): the leader shows 100. */
export function percentile(s: GtState, empire: EmpireId): number {
  const top = Math.max(0, ...playing(s).map((id) => valuation(s, id)));
  return top === 0 ? 100 : Math.floor((100 * valuation(s, empire)) / top);
}

/**
 * The final standings (§9), null while the game runs: winners first, then the empires still in the
 * game by valuation percentile, then the eliminated, the last to fall first.
 */
export function standings(s: GtState): Standing[] | null {
  if (!s.ended) return null;
  const rows = s.empires.map((e) => ({
    playerId: e.id,
    name: e.name,
    winner: s.winners?.includes(e.id) ?? false,
    score: e.eliminated === null ? percentile(s, e.id) : 0,
    // Still in the game ranks above any elimination; later eliminations above earlier ones.
    fell: e.eliminated ?? Number.MAX_SAFE_INTEGER,
    totals: {
      valuation: valuation(s, e.id),
      systems: s.systems.filter((x) => x.owner === e.id).length,
      ships: s.ships.filter((x) => x.owner === e.id).length,
      techLevel: e.tl,
    },
  }));
  type Row = (typeof rows)[number];
  const compare = (a: Row, b: Row) =>
    Number(b.winner) - Number(a.winner) || b.fell - a.fell || b.score - a.score;
  rows.sort((a, b) => compare(a, b) || byId(a.name.toUpperCase(), b.name.toUpperCase()));
  return rows.map((row) => ({
    playerId: row.playerId,
    name: row.name,
    rank: 1 + rows.filter((o) => compare(o, row) < 0).length,
    winner: row.winner,
    score: row.score,
    totals: row.totals,
  }));
}
