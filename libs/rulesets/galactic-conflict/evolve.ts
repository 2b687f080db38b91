import type { RulesetEvent } from '@warpgate/engine';
import { reuse } from './check';
import { givenResults } from './orders';
import {
  FIELD,
  initialState,
  type BuildOrder,
  type Contents,
  type GcEvent,
  type GcEventMap,
  type GcState,
  type Group,
  type Owner,
  type Player,
  type PlayerId,
  type World,
  type WorldNews,
  type WorldSetup,
} from './state';
import { arrival, departures, fight, memory, points, production } from './steps';

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

const addOnce = <T>(list: T[], item: T) => {
  if (!list.includes(item)) list.push(item);
};

/**
 * Every world is made here, field by field: so all have one shape, and copying them (much of what the
 * draft does) is several times faster than spreading.
 */
const makeWorld = (w: WorldSetup, standingBuilds: BuildOrder[], news: WorldNews): World => ({
  number: w.number,
  q: w.q,
  r: w.r,
  owner: w.owner,
  econ: w.econ,
  cp: w.cp,
  af: w.af,
  df: w.df,
  ft: w.ft,
  probes: w.probes,
  standingBuilds,
  news,
});

/** Draft.worldsOwned: the world is the draft's copy; its news is too. */
const WORLD = 1;
const NEWS = 2;

/**
 * A state that events change in place, made from the state before them: a world, a world's news or
 * a player is copied the first time it changes (and then changed in place), so the state before
 * stays as it was. Other nested values (a player's news, lists outside a world's news) are replaced,
 * never changed.
 */
export class Draft {
  readonly state: GcState;
  /** What of each world (by index) is the draft's own: WORLD, or NEWS too; null: not even the list yet. */
  private worldsOwned: Uint8Array | null = null;
  /** Which players (by index) are the draft's own copies; null: not even the list yet. */
  private playersCopied: Uint8Array | null = null;
  /** Each player's worlds with standing builds, while orders are checked (see standingWorlds). */
  private standing: Map<PlayerId, World[]> | null = null;

  constructor(before: GcState) {
    this.state = { ...before };
  }

  world(n: number): World {
    const { state } = this;
    // A world about to change may gain or lose standing builds or its owner.
    this.standing = null;
    if (!this.worldsOwned) {
      state.worlds = state.worlds.slice();
      this.worldsOwned = new Uint8Array(state.worlds.length);
    }
    if (!this.worldsOwned[n - 1]) {
      this.worldsOwned[n - 1] = WORLD;
      const w = state.worlds[n - 1];
      state.worlds[n - 1] = makeWorld(w, w.standingBuilds, w.news);
    }
    return state.worlds[n - 1];
  }

  /** World n, whose news (lists and assault entries included) can be changed in place. */
  worldWithNews(n: number): World {
    const w = this.world(n);
    if (this.worldsOwned![n - 1] === WORLD) {
      this.worldsOwned![n - 1] = NEWS;
      const { news } = w;
      w.news = {
        startOwner: news.startOwner,
        transfer: news.transfer,
        probedBy: news.probedBy.slice(),
        attackArrivals: news.attackArrivals.slice(),
        assault: news.assault.map((a) => ({ player: a.player, af: a.af })),
        battle: news.battle,
      };
    }
    return w;
  }

  /** World n's news made those of a world where nothing happened yet. */
  resetNews(n: number) {
    const w = this.world(n);
    w.news = freshWorldNews(w.owner);
    this.worldsOwned![n - 1] = NEWS;
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

  /**
   * The player's worlds with standing builds, found once while no world changes (a run of
   * OrdersChecked) rather than in every world for each player.
   */
  standingWorlds(player: PlayerId): World[] {
    if (!this.standing) {
      this.standing = new Map();
      for (const w of this.state.worlds) {
        if (w.owner === null || w.standingBuilds.length === 0) continue;
        const own = this.standing.get(w.owner);
        if (own) own.push(w);
        else this.standing.set(w.owner, [w]);
      }
    }
    return this.standing.get(player) ?? [];
  }

  apply(event: RulesetEvent) {
    apply(this, event as GcEvent);
  }
}

/**
 * Adds `amount` to one of the world's contents. A switch: updating a property named at run time
 * (`w[field] += amount`, with several names) was about five times slower.
 */
function add(w: World, field: keyof Contents, amount: number) {
  switch (field) {
    case 'econ':
      w.econ += amount;
      return;
    case 'cp':
      w.cp += amount;
      return;
    case 'af':
      w.af += amount;
      return;
    case 'df':
      w.df += amount;
      return;
    case 'ft':
      w.ft += amount;
      return;
    case 'probes':
      w.probes += amount;
  }
}

function departed(d: Draft, groups: Group[]) {
  if (groups.length === 0) return;
  for (const g of groups) add(d.world(g.from), FIELD[g.unit], -g.count);
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
  const w = d.worldWithNews(group.to);
  const { news } = w;
  if (group.kind === 'attack') addOnce(news.attackArrivals, group.owner);
  if (outcome === 'probe') addOnce(news.probedBy, group.owner);
  else if (outcome === 'joined') add(w, FIELD[group.unit], group.count);
  else {
    const own = news.assault.find((a) => a.player === group.owner);
    if (own) own.af += group.count;
    else news.assault.push({ player: group.owner, af: group.count });
  }
}

/** Combat at one world; the conqueror, if any, takes it when `conquers`. */
function fought(d: Draft, n: number, conquers: boolean) {
  const w = d.worldWithNews(n);
  const { battle, after } = fight(w.owner, w, w.news.assault);
  w.af = after.af;
  w.df = after.df;
  w.ft = after.ft;
  // The battle keeps the assault list: a new one takes its place.
  w.news.assault = [];
  w.news.battle = battle;
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
        // Field by field, as makeWorld: spreading the event's objects gives nearly each a shape of its own.
        players: e.data.players.map(({ id, name }) => ({
          id,
          name,
          score: 0,
          contacts: [],
          news: freshPlayerNews(),
        })),
        worlds: e.data.worlds.map((w) => makeWorld(w, [], freshWorldNews(w.owner))),
      });
      return;
    case 'galactic-conflict.TurnBegan':
      for (const w of state.worlds) if (!isFresh(w)) d.resetNews(w.number);
      for (const p of state.players) d.player(p.id).news = freshPlayerNews();
      return;
    case 'galactic-conflict.OrdersChecked': {
      const results = givenResults(e.data.orders);
      const p = d.player(e.data.player);
      for (const r of reuse(d.standingWorlds(p.id), p.id, results)) results.push(r);
      p.news = { ...p.news, results };
      return;
    }
    case 'galactic-conflict.WorldTransferred': {
      const { from, to } = e.data;
      const w = d.worldWithNews(e.data.world);
      w.owner = to;
      w.news.transfer = { from, to };
      return;
    }
    case 'galactic-conflict.GroupsDeparted':
      return departed(d, departures(state));
    case 'galactic-conflict.GroupDeparted':
      return departed(d, [e.data.group]);
    case 'galactic-conflict.WorldsProduced':
      return production(state, (world, field, amount) => add(d.world(world), field, amount));
    case 'galactic-conflict.WorldProduced':
      return produced(d, e.data);
    case 'galactic-conflict.GroupsArrived': {
      const due: Group[] = [];
      const later: Group[] = [];
      for (const g of state.transit) (g.arrivesOnTurn <= state.turn ? due : later).push(g);
      state.transit = later;
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
      add(d.world(e.data.world), FIELD[e.data.item], -e.data.count);
      return;
    case 'galactic-conflict.TurnScored':
      points(state).forEach((scored, i) => {
        const p = d.player(state.players[i].id);
        p.score += scored;
        p.news = { ...p.news, scored };
      });
      return;
    case 'galactic-conflict.StandingBuildsRemembered':
      for (const [n, builds] of memory(state)) d.world(n).standingBuilds = builds;
      return;
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
