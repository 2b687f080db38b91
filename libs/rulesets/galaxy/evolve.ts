import type { RulesetEvent } from '@warpgate/engine';
import { bombing, fightBattles, wipe } from './combat';
import {
  emptyNews,
  initialState,
  type GalaxyEvent,
  type GalaxyState,
  type Group,
  type Planet,
  type Race,
  type RaceId,
  rulesOf,
} from './state';
import {
  advance,
  applyChange,
  applyRename,
  dispatchRoutes,
  leave,
  mergeGroups,
  produce,
  unloadCargo,
} from './steps';
import { clonePlanet, cloneRace, dispatch, groupOf, planetAt, raceOf, ranking } from './turn';

/** Applies one event to a state the caller owns (the resolver's working copy, or a copy evolve made). */
export function apply(s: GalaxyState, event: RulesetEvent): void {
  const e = event as GalaxyEvent;
  const { news } = s;
  switch (e.type) {
    case 'galaxy.GameSetUp':
      Object.assign(s, { ...initialState(), started: true, turn: 1, ...e.data });
      return;
    case 'galaxy.TurnBegan':
      // Rules 2 keep the ranking the turn begins with: the report shows what changed since.
      s.news = rulesOf(s) >= 2 ? { ...emptyNews(), rankingBefore: ranking(s) } : emptyNews();
      return;
    case 'galaxy.OrdersRefused':
      news.mistakes[e.data.race] = [
        { line: 1, text: '#GALAXY', severity: 'error', message: `orders refused: ${e.data.reason}` },
      ];
      return;
    case 'galaxy.OrdersCarriedOut': {
      const race = raceOf(s, e.data.race);
      for (const c of e.data.changes) applyChange(s, race, c);
      return;
    }
    case 'galaxy.ProductionSwitched':
      for (const id of e.data.planets) planetAt(s, id).shipProgress = 0;
      return;
    case 'galaxy.Renamed':
      for (const r of e.data.renames) applyRename(s, r);
      return;
    case 'galaxy.OrdersExecuted':
      raceOf(s, e.data.race).lastOrdersTurn = s.turn;
      // Indexed, not destructured: no iterator per entry (a turn has thousands).
      news.mistakes[e.data.race] = e.data.mistakes.map((m) => ({
        line: m[0],
        text: m[1],
        severity: m[2],
        message: m[3],
      }));
      // A new record: the one before may be shared with the state this one was copied from.
      if (e.data.done)
        news.done = { ...news.done, [e.data.race]: e.data.done.map((d) => ({ line: d[0], text: d[1] })) };
      return;
    case 'galaxy.MessageSent':
      news.messages.push(e.data);
      return;
    case 'galaxy.RoutesDispatched': {
      const intercepting = e.data.intercepting.map(([race, n]) => groupOf(raceOf(s, race), n));
      dispatchRoutes(s, new Set(intercepting));
      return;
    }
    case 'galaxy.Intercepted':
      for (const { race, groups, to } of e.data.moves)
        for (const n of groups) dispatch(s, groupOf(raceOf(s, race), n), to);
      return;
    case 'galaxy.GroupsAdvanced':
      advance(s);
      return;
    case 'galaxy.BattlesFought':
      fightBattles(s, e.data.phase, e.data.battles);
      return;
    case 'galaxy.PlanetBombed': {
      const planet = planetAt(s, e.data.planet);
      news.bombings.push(bombing(s, planet, e.data.phase, e.data.bombers));
      wipe(planet);
      return;
    }
    case 'galaxy.BombingRecorded':
      wipe(planetAt(s, e.data.planet));
      news.bombings.push(e.data);
      return;
    case 'galaxy.Produced':
      produce(s, raceOf(s, e.data.race), new Map(e.data.spent));
      return;
    case 'galaxy.CargoUnloaded':
      unloadCargo(s);
      return;
    case 'galaxy.GroupsMerged':
      mergeGroups(s);
      return;
    case 'galaxy.RaceGone': {
      const { race, name, reason } = e.data;
      if (reason === 'extinct') raceOf(s, race).status = 'extinct';
      else leave(s, raceOf(s, race), reason);
      news.gone.push({ name, reason });
      return;
    }
    case 'galaxy.Notice':
      (news.notices[e.data.race] ??= []).push({ kind: e.data.kind, text: e.data.text });
      return;
    case 'galaxy.FirstContact': {
      const race = raceOf(s, e.data.race);
      for (const id of e.data.races) {
        race.contacts.push(id);
        (news.notices[race.id] ??= []).push({
          kind: 'contact',
          text: `First contact with the ${raceOf(s, id).name}.`,
        });
      }
      return;
    }
    case 'galaxy.TurnCompleted':
      Object.assign(s, { turn: e.data.turn + 1, ended: e.data.ended, winner: e.data.winner });
      return;
    case 'galaxy.TurnRecorded': {
      const { turn, planets, races, ended, winner } = e.data;
      Object.assign(s, { turn: turn + 1, planets, races, ended, winner });
      return;
    }
    case 'galaxy.BattleFought':
      news.battles.push(e.data);
      return;
  }
}

/**
 * A copy of `state` for applying `e` to: copies of what applying it changes (see apply and the steps
 * it runs), everything else shared.
 */
function copyFor(state: GalaxyState, e: GalaxyEvent): GalaxyState {
  const planets = (copy: (p: Planet) => boolean) => state.planets.map((p) => (copy(p) ? clonePlanet(p) : p));
  const races = (copy: (r: Race) => Race) => state.races.map(copy);
  /** Each race with its own list of groups, and copies of the groups chosen. */
  const groups = (copy: (g: Group, r: Race) => boolean) =>
    races((r) => ({ ...r, groups: r.groups.map((g) => (copy(g, r) ? { ...g } : g)) }));
  const race = (id: RaceId, copy: (r: Race) => Race) => races((r) => (r.id === id ? copy(r) : r));
  const s: GalaxyState = {
    ...state,
    news: {
      ...state.news,
      battles: [...state.news.battles],
      bombings: [...state.news.bombings],
      messages: [...state.news.messages],
      mistakes: { ...state.news.mistakes },
      notices: Object.fromEntries(Object.entries(state.news.notices).map(([id, list]) => [id, [...list]])),
      gone: [...state.news.gone],
    },
  };
  const all = () => true;
  switch (e.type) {
    case 'galaxy.OrdersCarriedOut': {
      // Cargo orders change their group's planet; production and routes the planet they name.
      const cargo = e.data.changes.some((c) => c.op === 'load' || c.op === 'unload' || c.op === 'scrap');
      const named = new Set(
        e.data.changes.map((c) => (c.op === 'produce' || c.op === 'route' ? c.planet : 0)),
      );
      return { ...s, planets: planets((p) => cargo || named.has(p.id)), races: race(e.data.race, cloneRace) };
    }
    case 'galaxy.ProductionSwitched':
      return { ...s, planets: planets((p) => e.data.planets.includes(p.id)) };
    case 'galaxy.Renamed':
      return { ...s, planets: planets(all), races: races(cloneRace) };
    case 'galaxy.OrdersExecuted':
      return { ...s, races: race(e.data.race, (r) => ({ ...r })) };
    case 'galaxy.RoutesDispatched': {
      const routed = (p: Planet) => Object.keys(p.routes).length > 0;
      const from = new Set(state.planets.filter(routed).map((p) => p.id));
      return {
        ...s,
        planets: planets(routed),
        races: groups((g) => g.origin === null && from.has(g.planet)),
      };
    }
    case 'galaxy.Intercepted': {
      const moving = new Set(e.data.moves.flatMap(({ race, groups }) => groups.map((n) => `${race}#${n}`)));
      return { ...s, races: groups((g, r) => moving.has(`${r.id}#${g.number}`)) };
    }
    case 'galaxy.GroupsAdvanced':
      return { ...s, races: groups((g) => g.origin !== null) };
    case 'galaxy.BattlesFought': {
      // New groups lists too: fightBattles removes the dead from them in place.
      const at = new Set(e.data.battles.map((b) => b.planet));
      return { ...s, races: groups((g) => g.origin === null && at.has(g.planet)) };
    }
    case 'galaxy.PlanetBombed':
    case 'galaxy.BombingRecorded':
      return { ...s, planets: planets((p) => p.id === e.data.planet) };
    case 'galaxy.Produced':
      return {
        ...s,
        planets: planets((p) => p.owner === e.data.race),
        races: race(e.data.race, (r) => ({ ...r, groups: [...r.groups] })),
      };
    case 'galaxy.CargoUnloaded':
      return { ...s, planets: planets(all), races: groups((g) => g.origin === null && g.cargo !== null) };
    case 'galaxy.GroupsMerged':
      return { ...s, races: races((r) => ({ ...r })) };
    case 'galaxy.RaceGone':
      return {
        ...s,
        planets: planets((p) => p.owner === e.data.race),
        races: race(e.data.race, (r) => ({ ...r })),
      };
    case 'galaxy.FirstContact':
      return { ...s, races: race(e.data.race, (r) => ({ ...r, contacts: [...r.contacts] })) };
    default:
      return s;
  }
}

/** Pure: applies the event to copies of what it changes, sharing the rest with `state`. */
export function evolve(state: GalaxyState, event: RulesetEvent): GalaxyState {
  const s = copyFor(state, event as GalaxyEvent);
  apply(s, event);
  return s;
}
