import type { RulesetEvent } from '@warpgate/engine';
import { reuse } from './check';
import { givenResults } from './orders';
import {
  FIELD,
  initialState,
  type BuildOrder,
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
import { arrival, departures, fight, memory, points, production, remembered } from './steps';

const freshWorldNews = (owner: Owner): WorldNews => ({
  startOwner: owner,
  transfer: null,
  probedBy: [],
  attackArrivals: [],
  assault: [],
  battle: null,
});

const isFresh = ({ news, owner }: World): boolean =>
  news.startOwner === owner &&
  news.transfer === null &&
  news.probedBy.length === 0 &&
  news.attackArrivals.length === 0 &&
  news.assault.length === 0 &&
  news.battle === null;

const freshPlayerNews = (): Player['news'] => ({ results: [], newContacts: [], scored: 0 });

const withOnce = <T>(list: T[], item: T): T[] => (list.includes(item) ? list : [...list, item]);

const sameBuilds = (a: BuildOrder[], b: BuildOrder[]): boolean =>
  a.length === b.length &&
  a.every((o, i) => {
    const p = b[i];
    if (o.type === 'econ' || p.type === 'econ') return o.type === p.type && o.world === p.world;
    return o.world === p.world && o.item === p.item && o.econ === p.econ;
  });

/**
 * A state that events change in place, made from the state before them: a world or player is copied
 * the first time it changes (and then changed in place), so the state before stays as it was. Nested
 * values (news, lists) are replaced, never changed.
 */
export class Draft {
  readonly state: GcState;
  /** Which worlds (by index) and players are the draft's own copies; null: not even the list yet. */
  private worldsCopied: Uint8Array | null = null;
  private playersCopied: Uint8Array | null = null;

  constructor(before: GcState) {
    this.state = { ...before };
  }

  world(n: number): World {
    const { state } = this;
    if (!this.worldsCopied) {
      state.worlds = state.worlds.slice();
      this.worldsCopied = new Uint8Array(state.worlds.length);
    }
    if (!this.worldsCopied[n - 1]) {
      this.worldsCopied[n - 1] = 1;
      state.worlds[n - 1] = { ...state.worlds[n - 1] };
    }
    return state.worlds[n - 1];
  }

  player(id: PlayerId): Player {
    const { state } = this;
    const i = state.players.findIndex((p) => p.id === id);
    if (!this.playersCopied) {
      state.players = state.players.slice();
      this.playersCopied = new Uint8Array(state.players.length);
    }
    if (!this.playersCopied[i]) {
      this.playersCopied[i] = 1;
      state.players[i] = { ...state.players[i] };
    }
    return state.players[i];
  }

  apply(event: RulesetEvent) {
    apply(this, event as GcEvent);
  }
}

function departed(d: Draft, groups: Group[]) {
  if (groups.length === 0) return;
  for (const g of groups) d.world(g.from)[FIELD[g.unit]] -= g.count;
  d.state.transit = [...d.state.transit, ...groups];
  d.state.nextGroupId = groups[groups.length - 1].id + 1;
}

function produced(d: Draft, p: GcEventMap['WorldProduced']) {
  const w = d.world(p.world);
  w.econ += p.econ;
  w.cp += p.cp;
  w.af += p.af;
  w.df += p.df;
  w.ft += p.ft;
  w.probes += p.probes;
}

/** The group is no longer in transit: its units join the world, await combat there, or probe it. */
function arrived(d: Draft, group: Group, outcome: GcEventMap['GroupArrived']['outcome']) {
  const w = d.world(group.to);
  const news = { ...w.news };
  w.news = news;
  if (group.kind === 'attack') news.attackArrivals = withOnce(news.attackArrivals, group.owner);
  if (outcome === 'probe') news.probedBy = withOnce(news.probedBy, group.owner);
  else if (outcome === 'joined') w[FIELD[group.unit]] += group.count;
  else {
    const own = news.assault.find((a) => a.player === group.owner);
    news.assault = own
      ? news.assault.map((a) => (a === own ? { ...a, af: a.af + group.count } : a))
      : [...news.assault, { player: group.owner, af: group.count }];
  }
}

/** Combat at one world; the conqueror, if any, takes it when `conquers`. */
function fought(d: Draft, n: number, conquers: boolean) {
  const w = d.world(n);
  const { battle, after } = fight(w.owner, w, w.news.assault);
  Object.assign(w, after);
  w.news = { ...w.news, assault: [], battle };
  if (conquers && battle.conqueror) w.owner = battle.conqueror;
}

function apply(d: Draft, e: GcEvent) {
  const { state } = d;
  switch (e.type) {
    case 'galactic-conflict.GameSetUp':
      Object.assign(state, {
        ...initialState(),
        started: true,
        turn: 1,
        finalTurn: e.data.finalTurn,
        radius: e.data.radius,
        players: e.data.players.map((p) => ({ ...p, score: 0, contacts: [], news: freshPlayerNews() })),
        worlds: e.data.worlds.map((w) => ({ ...w, standingBuilds: [], news: freshWorldNews(w.owner) })),
      });
      return;
    case 'galactic-conflict.TurnBegan':
      for (const w of state.worlds) if (!isFresh(w)) d.world(w.number).news = freshWorldNews(w.owner);
      for (const p of state.players) d.player(p.id).news = freshPlayerNews();
      return;
    case 'galactic-conflict.OrdersChecked': {
      const given = givenResults(e.data.orders);
      const p = d.player(e.data.player);
      p.news = { ...p.news, results: given.concat(reuse(state, p.id, given)) };
      return;
    }
    case 'galactic-conflict.WorldTransferred': {
      const { from, to } = e.data;
      const w = d.world(e.data.world);
      w.owner = to;
      w.news = { ...w.news, transfer: { from, to } };
      return;
    }
    case 'galactic-conflict.GroupsDeparted':
      return departed(d, departures(state));
    case 'galactic-conflict.GroupDeparted':
      return departed(d, [e.data.group]);
    case 'galactic-conflict.WorldsProduced':
      return production(state, (world, field, amount) => (d.world(world)[field] += amount));
    case 'galactic-conflict.WorldProduced':
      return produced(d, e.data);
    case 'galactic-conflict.GroupsArrived': {
      const due = state.transit.filter((g) => g.arrivesOnTurn <= state.turn);
      state.transit = state.transit.filter((g) => g.arrivesOnTurn > state.turn);
      for (const g of due) arrived(d, g, arrival(state, g));
      return;
    }
    case 'galactic-conflict.GroupArrived': {
      const group = state.transit.find((g) => g.id === e.data.group);
      if (!group) return;
      state.transit = state.transit.filter((g) => g !== group);
      return arrived(d, group, e.data.outcome);
    }
    case 'galactic-conflict.BattlesFought':
      for (const w of state.worlds) if (w.news.assault.length > 0) fought(d, w.number, true);
      return;
    case 'galactic-conflict.BattleFought':
      return fought(d, e.data.world, false);
    case 'galactic-conflict.WorldConquered':
      d.world(e.data.world).owner = e.data.to;
      return;
    case 'galactic-conflict.UnitsDestroyed':
      d.world(e.data.world)[FIELD[e.data.item]] -= e.data.count;
      return;
    case 'galactic-conflict.TurnScored':
      points(state).forEach((scored, i) => {
        const p = d.player(state.players[i].id);
        p.score += scored;
        p.news = { ...p.news, scored };
      });
      return;
    case 'galactic-conflict.StandingBuildsRemembered': {
      const builds = memory(state);
      for (const w of state.worlds) {
        const orders = builds.get(w.number) ?? [];
        if (w.news.startOwner !== null && !sameBuilds(orders, w.standingBuilds))
          d.world(w.number).standingBuilds = orders.map(remembered);
      }
      return;
    }
    case 'galactic-conflict.BuildsRemembered':
      d.world(e.data.world).standingBuilds = e.data.orders;
      return;
    case 'galactic-conflict.ContactMade': {
      const { other } = e.data;
      const p = d.player(e.data.player);
      p.contacts = withOnce(p.contacts, other);
      p.news = { ...p.news, newContacts: withOnce(p.news.newContacts, other) };
      return;
    }
    case 'galactic-conflict.TurnCompleted':
      state.turn = e.data.turn + 1;
      return;
    case 'galactic-conflict.GameFinished':
      state.ended = true;
      return;
  }
}

/** The events folded into one draft: what they change is copied once, not once for each. */
export function evolveAll(state: GcState, events: readonly RulesetEvent[]): GcState {
  const d = new Draft(state);
  for (const e of events) d.apply(e);
  return d.state;
}

export const evolve = (state: GcState, event: RulesetEvent): GcState => evolveAll(state, [event]);
