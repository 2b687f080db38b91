import type { Diagnostic, Standing, Viewer } from '@warpgate/engine';
import { outcomeOf, severityOf } from './check';
import { formatOrder } from './orders';
import {
  FIELD,
  NEUTRAL,
  type Contents,
  type Group,
  type GcOrder,
  type GcState,
  type Owner,
  type PlayerId,
  type World,
} from './state';

/** What each viewer may know (digest §8): the only way state leaves this ruleset. */

/** §8.2: the players whose printouts list the world after a resolution (some perhaps twice). */
export const viewersOf = ({ owner, news }: World): PlayerId[] => {
  const viewers = [...news.attackArrivals, ...news.probedBy];
  for (const p of [owner, news.startOwner, news.battle?.defender ?? null]) if (p !== null) viewers.push(p);
  return viewers;
};

export const seesWorld = (w: World, player: PlayerId): boolean => viewersOf(w).includes(player);

/** §8.4: the players a printout names for a world it lists. */
export const namedIn = ({ owner, news }: World): PlayerId[] => {
  const named: PlayerId[] = [];
  if (owner !== null) named.push(owner);
  if (news.battle) {
    if (news.battle.defender !== null) named.push(news.battle.defender);
    for (const a of news.battle.attackers) named.push(a.player);
  }
  if (news.transfer) named.push(news.transfer.from);
  return named;
};

export interface BattleView {
  attackers: { name: string; af: number }[];
  defender: string;
  af: number;
  df: number;
  ft: number;
  outcome: 'held' | 'conquered' | 'all destroyed';
  conqueror: string | null;
}

export interface WorldView extends Contents {
  number: number;
  q: number;
  r: number;
  owner: string;
  battle: BattleView | null;
  probed: boolean;
  transferredFrom: string | null;
  /** This player's executed orders at the world, in the book's syntax. */
  orders: { order: string; reused: boolean }[];
  /** The builds the world will reuse if it gets no Econ order (§4.11): on the player's own worlds only. */
  reusable: string[];
}

/** One of the player's groups in transit; it arrives during the resolution of turn `arrives`. */
export type TransitView = Pick<Group, 'kind' | 'unit' | 'count' | 'from' | 'to'> & { arrives: number };

/** A line of the player's last orders, echoed: `message` is its outcome (outcomeOf). */
export interface Received extends Diagnostic {
  /** As written for an unreadable line, else in the book's syntax (as executed when reduced). */
  order: string;
}

export type Totals = Record<'worlds' | 'econ' | 'cp' | 'af' | 'df' | 'ft' | 'probes', number>;

export interface MapView {
  radius: number;
  worlds: { number: number; q: number; r: number; own: boolean }[];
}

export interface Notice {
  kind:
    | 'battle'
    | 'probed'
    | 'transferred-to-you'
    | 'transferred-from-you'
    | 'world-lost'
    | 'world-conquered'
    | 'contact';
  world: number | null;
  text: string;
}

export interface PlayerView {
  role: 'player';
  turn: number;
  ended: boolean;
  /** `scored`: the points of the turn just resolved. */
  me: { id: PlayerId; name: string; score: number; scored: number };
  /** Including the units in transit. */
  totals: Totals;
  transit: TransitView[];
  worlds: WorldView[];
  contacts: { name: string; score: number }[];
  map: MapView;
  diagnostics: Received[];
  notices: Notice[];
  players: string[];
  standings: Standing[] | null;
}

/** A running game as spectators see it: map positions, code names, turn number. */
export interface PublicView {
  role: 'public';
  turn: number;
  players: string[];
  map: MapView;
}

/** Everything, including the final turn: admins always, spectators once the game has ended. */
export interface FullView {
  role: 'full';
  state: GcState;
  standings: Standing[] | null;
}

export type GcView = PlayerView | PublicView | FullView;

export function view(state: GcState, viewer: Viewer): GcView {
  if (viewer.role === 'admin' || (viewer.role === 'spectator' && state.ended))
    return { role: 'full', state, standings: standings(state) };
  if (viewer.role === 'spectator')
    return {
      role: 'public',
      turn: state.turn,
      players: state.players.map((p) => p.name),
      map: mapOf(state, null),
    };
  return playerView(state, viewer.playerId);
}

const mapOf = (state: GcState, player: PlayerId | null): MapView => ({
  radius: state.radius,
  worlds: state.worlds.map((w) => ({
    number: w.number,
    q: w.q,
    r: w.r,
    own: player !== null && w.owner === player,
  })),
});

/** The world an order is listed under (§8.1): A/M/P/G by source, B/E/D/T by world. */
const orderWorld = (o: GcOrder): number | null =>
  o.type === 'unreadable' ? null : 'world' in o ? o.world : o.from;

function playerView(state: GcState, playerId: PlayerId): PlayerView {
  const me = state.players.find((p) => p.id === playerId);
  if (!me) throw new Error(`No player ${playerId} in this game`);
  const nameOf = (owner: Owner) =>
    owner === null ? NEUTRAL : (state.players.find((p) => p.id === owner)?.name ?? NEUTRAL);
  const executed = me.news.results.filter((r) => r.status !== 'rejected');

  const worlds: WorldView[] = state.worlds
    .filter((w) => seesWorld(w, playerId))
    .map((w) => {
      const b = w.news.battle;
      return {
        number: w.number,
        q: w.q,
        r: w.r,
        owner: nameOf(w.owner),
        econ: w.econ,
        cp: w.cp,
        af: w.af,
        df: w.df,
        ft: w.ft,
        probes: w.probes,
        battle: b && {
          attackers: b.attackers.map((a) => ({ name: nameOf(a.player), af: a.af })),
          defender: nameOf(b.defender),
          ...b.defence,
          outcome: b.tie ? 'all destroyed' : b.conqueror ? 'conquered' : 'held',
          conqueror: b.conqueror && nameOf(b.conqueror),
        },
        probed: w.news.probedBy.length > 0,
        transferredFrom: w.news.transfer && nameOf(w.news.transfer.from),
        orders: executed
          .filter((r) => orderWorld(r.order) === w.number)
          .map((r) => ({ order: formatOrder(r.order), reused: r.reused })),
        reusable: w.owner === playerId ? w.standingBuilds.map(formatOrder) : [],
      };
    });

  return {
    role: 'player',
    turn: state.turn,
    ended: state.ended,
    me: { id: me.id, name: me.name, score: me.score, scored: me.news.scored },
    totals: totalsOf(state, playerId),
    transit: state.transit
      .filter((g) => g.owner === playerId)
      .map(({ kind, unit, count, from, to, arrivesOnTurn }) => ({
        kind,
        unit,
        count,
        from,
        to,
        arrives: arrivesOnTurn,
      })),
    worlds,
    contacts: me.contacts.map((id) => ({
      name: nameOf(id),
      score: state.players.find((p) => p.id === id)?.score ?? 0,
    })),
    map: mapOf(state, playerId),
    diagnostics: me.news.results.map((r) => ({
      line: r.order.line ?? null,
      severity: severityOf(r),
      order: formatOrder(r.order),
      message: outcomeOf(r) + (r.reused ? ' (standing build reused)' : ''),
    })),
    notices: notices(state, playerId, nameOf),
    players: state.players.map((p) => p.name),
    standings: standings(state),
  };
}

/** §8.1 totals: what the player owns, including units in transit. */
export function totalsOf(state: GcState, player: PlayerId): Totals {
  const totals: Totals = { worlds: 0, econ: 0, cp: 0, af: 0, df: 0, ft: 0, probes: 0 };
  for (const w of state.worlds) {
    if (w.owner !== player) continue;
    totals.worlds += 1;
    for (const k of ['econ', 'cp', 'af', 'df', 'ft', 'probes'] as const) totals[k] += w[k];
  }
  for (const g of state.transit) if (g.owner === player) totals[FIELD[g.unit]] += g.count;
  return totals;
}

/** §8.4 notifications, from what the player's printout shows. */
function notices(state: GcState, me: PlayerId, nameOf: (o: Owner) => string): Notice[] {
  const out: Notice[] = [];
  for (const w of state.worlds) {
    if (!seesWorld(w, me)) continue;
    const { battle, transfer, startOwner, probedBy } = w.news;
    const involved =
      startOwner === me || w.owner === me || w.news.attackArrivals.includes(me) || battle?.defender === me;
    if (battle && involved)
      out.push({ kind: 'battle', world: w.number, text: `Battle at world ${w.number}` });
    if (battle?.conqueror === me)
      out.push({ kind: 'world-conquered', world: w.number, text: `You conquered world ${w.number}` });
    // Also a world given to the player this turn and conquered at once.
    if ((startOwner === me || transfer?.to === me) && w.owner !== me && transfer?.from !== me)
      out.push({
        kind: 'world-lost',
        world: w.number,
        text: `World ${w.number} was lost to ${nameOf(w.owner)}`,
      });
    if (transfer?.to === me)
      out.push({
        kind: 'transferred-to-you',
        world: w.number,
        text: `World ${w.number} was transferred to you by ${nameOf(transfer.from)}`,
      });
    if (transfer?.from === me)
      out.push({
        kind: 'transferred-from-you',
        world: w.number,
        text: `World ${w.number} was transferred to ${nameOf(transfer.to)}`,
      });
    if (probedBy.some((p) => p !== me) && (w.owner === me || startOwner === me))
      out.push({ kind: 'probed', world: w.number, text: `World ${w.number} was probed` });
  }
  const player = state.players.find((p) => p.id === me);
  for (const id of player?.news.newContacts ?? [])
    out.push({ kind: 'contact', world: null, text: `New contact: ${nameOf(id)}` });
  return out;
}

/** §9: by score, then worlds owned, then code name; equal top scores share the win. */
export function standings(state: GcState): Standing[] | null {
  if (!state.ended) return null;
  const rows = state.players.map((p) => {
    return { playerId: p.id, name: p.name, score: p.score, totals: totalsOf(state, p.id) };
  });
  // Code-unit order, not localeCompare: standings must not depend on the machine's locale.
  const byName = (a: string, b: string) =>
    a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0;
  rows.sort((a, b) => b.score - a.score || b.totals.worlds - a.totals.worlds || byName(a.name, b.name));
  const top = rows[0]?.score ?? 0;
  return rows.map((r) => ({
    ...r,
    rank: 1 + rows.filter((o) => o.score > r.score).length,
    winner: r.score === top,
  }));
}
