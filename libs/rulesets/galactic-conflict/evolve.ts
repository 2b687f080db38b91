import type { RulesetEvent } from '@warpgate/engine';
import {
  FIELD,
  initialState,
  resultOf,
  type GcEvent,
  type GcEventMap,
  type GcState,
  type Group,
  type Owner,
  type Player,
  type PlayerId,
  type World,
  type WorldNews,
} from './state';
import { arrival, departures, fight, production } from './steps';

const freshWorldNews = (owner: Owner): WorldNews => ({
  startOwner: owner,
  transfer: null,
  probedBy: [],
  attackArrivals: [],
  assault: [],
  battle: null,
});

const freshPlayerNews = (): Player['news'] => ({ results: [], newContacts: [], scored: 0 });

const withOnce = <T>(list: T[], item: T): T[] => (list.includes(item) ? list : [...list, item]);

function updateWorld(state: GcState, number: number, change: (w: World) => World): GcState {
  const worlds = state.worlds.slice();
  worlds[number - 1] = change(worlds[number - 1]);
  return { ...state, worlds };
}

function updatePlayer(state: GcState, id: PlayerId, change: (p: Player) => Player): GcState {
  return { ...state, players: state.players.map((p) => (p.id === id ? change(p) : p)) };
}

function departed(state: GcState, group: Group): GcState {
  const field = FIELD[group.unit];
  const next = updateWorld(state, group.from, (w) => ({ ...w, [field]: w[field] - group.count }));
  return { ...next, transit: [...state.transit, group], nextGroupId: group.id + 1 };
}

function produced(state: GcState, d: GcEventMap['WorldProduced']): GcState {
  return updateWorld(state, d.world, (w) => ({
    ...w,
    econ: w.econ + d.econ,
    cp: w.cp + d.cp,
    af: w.af + d.af,
    df: w.df + d.df,
    ft: w.ft + d.ft,
    probes: w.probes + d.probes,
  }));
}

function arrived(state: GcState, { group: id, outcome }: GcEventMap['GroupArrived']): GcState {
  const group = state.transit.find((g) => g.id === id);
  if (!group) return state;
  const next = updateWorld(state, group.to, (w) => {
    const attackArrivals =
      group.kind === 'attack' ? withOnce(w.news.attackArrivals, group.owner) : w.news.attackArrivals;
    const news = { ...w.news, attackArrivals };
    if (outcome === 'probe')
      return { ...w, news: { ...news, probedBy: withOnce(news.probedBy, group.owner) } };
    if (outcome === 'joined') return { ...w, [FIELD[group.unit]]: w[FIELD[group.unit]] + group.count, news };
    const own = news.assault.find((a) => a.player === group.owner);
    const assault = own
      ? news.assault.map((a) => (a === own ? { ...a, af: a.af + group.count } : a))
      : [...news.assault, { player: group.owner, af: group.count }];
    return { ...w, news: { ...news, assault } };
  });
  return { ...next, transit: state.transit.filter((g) => g !== group) };
}

export function evolve(state: GcState, event: RulesetEvent): GcState {
  const e = event as GcEvent;
  switch (e.type) {
    case 'galactic-conflict.GameSetUp':
      return {
        ...initialState(),
        started: true,
        turn: 1,
        finalTurn: e.data.finalTurn,
        radius: e.data.radius,
        players: e.data.players.map((p) => ({ ...p, score: 0, contacts: [], news: freshPlayerNews() })),
        worlds: e.data.worlds.map((w) => ({ ...w, standingBuilds: [], news: freshWorldNews(w.owner) })),
      };
    case 'galactic-conflict.TurnBegan':
      return {
        ...state,
        worlds: state.worlds.map((w) => ({ ...w, news: freshWorldNews(w.owner) })),
        players: state.players.map((p) => ({ ...p, news: freshPlayerNews() })),
      };
    case 'galactic-conflict.OrdersChecked': {
      const results = e.data.results.map(resultOf);
      return updatePlayer(state, e.data.player, (p) => ({ ...p, news: { ...p.news, results } }));
    }
    case 'galactic-conflict.WorldTransferred': {
      const { from, to } = e.data;
      return updateWorld(state, e.data.world, (w) => ({
        ...w,
        owner: to,
        news: { ...w.news, transfer: { from, to } },
      }));
    }
    case 'galactic-conflict.GroupsDeparted':
      return departures(state).reduce(departed, state);
    case 'galactic-conflict.GroupDeparted':
      return departed(state, e.data.group);
    case 'galactic-conflict.WorldsProduced':
      return production(state).reduce(produced, state);
    case 'galactic-conflict.WorldProduced':
      return produced(state, e.data);
    case 'galactic-conflict.GroupsArrived':
      return state.transit
        .filter((g) => g.arrivesOnTurn <= state.turn)
        .reduce((s, g) => arrived(s, arrival(s, g)), state);
    case 'galactic-conflict.GroupArrived':
      return arrived(state, e.data);
    case 'galactic-conflict.BattleFought':
      return updateWorld(state, e.data.world, (w) => {
        const { battle, after } = fight(w.owner, w, w.news.assault);
        return { ...w, ...after, news: { ...w.news, assault: [], battle } };
      });
    case 'galactic-conflict.WorldConquered':
      return updateWorld(state, e.data.world, (w) => ({ ...w, owner: e.data.to }));
    case 'galactic-conflict.UnitsDestroyed': {
      const field = FIELD[e.data.item];
      const { count } = e.data;
      return updateWorld(state, e.data.world, (w) => ({ ...w, [field]: w[field] - count }));
    }
    case 'galactic-conflict.TurnScored': {
      const { points } = e.data;
      return {
        ...state,
        players: state.players.map((p) => {
          const scored = points[p.id] ?? 0;
          return { ...p, score: p.score + scored, news: { ...p.news, scored } };
        }),
      };
    }
    case 'galactic-conflict.BuildsRemembered':
      return updateWorld(state, e.data.world, (w) => ({ ...w, standingBuilds: e.data.orders }));
    case 'galactic-conflict.ContactMade': {
      const { other } = e.data;
      return updatePlayer(state, e.data.player, (p) => ({
        ...p,
        contacts: withOnce(p.contacts, other),
        news: { ...p.news, newContacts: withOnce(p.news.newContacts, other) },
      }));
    }
    case 'galactic-conflict.TurnCompleted':
      return { ...state, turn: e.data.turn + 1 };
    case 'galactic-conflict.GameFinished':
      return { ...state, ended: true };
    default:
      return state;
  }
}
