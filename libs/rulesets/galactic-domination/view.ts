import type { Viewer } from '@warpgate/engine';
import { discoveryResult } from './discovery';
import { incomeOf, offererOut, ownPlanets } from './economy';
import { playerById } from './evolve';
import { toOffset, type LocId } from './hex';
import { formatOrder } from './orders';
import type {
  BattleRecord,
  Build,
  CardName,
  DeckName,
  FleetStance,
  GdState,
  Offer,
  OrderResult,
  Phase,
  Planet,
  PlanetStance,
  Player,
  PlayerId,
  Unit,
  UnitId,
  WorldKind,
} from './state';
import { fleetSpeed, RACES, type EncounterCard, type RaceCode, type UnitCounts } from './tables';
import { standings } from './victory';

/**
 * What each viewer may know (digest §8.1): the only way state leaves this ruleset. The board is
 * open: the map, worlds with their owners, R and GBDS / ODS / SY counts, fleet markers (owner, id,
 * location, speed), VP, income, the Stimulus card and every card played, battle results and the
 * encounters that put a world on the map. A fleet's units show to its owner and to those who saw it
 * (at a segment's end in or next to its location, or in a battle with it); natives to those they
 * were revealed to. Cash, hands (others see counts), chits, the build queue, stances, paths and
 * orders stay with their player. Players are named by empire name, never by account id.
 */

/** A world on the board (§2.2, §8.1). */
export interface PlanetView {
  name: string;
  kind: WorldKind;
  /** The owner's empire name; null: nobody's (a Neutral World, an unclaimed Free World). */
  owner: string | null;
  /** The empire it started in. */
  home: string | null;
  main: boolean;
  /** null until rolled at the first occupation (§6.3). */
  r: number | null;
  /** null: an owner-less world's defences not revealed to the viewer. */
  gbds: number | null;
  /** The ODS's name (its race's, §2.3), or null. */
  ods: string | null;
  shipyards: number;
  blockaded: boolean;
  /**
   * Decision (§8.1 lists no garrison among the public facts): MI and Homeguard MI show to the owner,
   * and on an owner-less world with its natives, to those they were revealed to; else null.
   */
  mi: number | null;
  homeguard: number | null;
  /** An owner-less world's ships, where revealed; else null. */
  natives: UnitCounts | null;
  /** The owner's own. */
  stance: PlanetStance | null;
}

export interface LocationView {
  /** `q,r` or `q,r/a`, `q,r/b`, as orders write it. */
  id: LocId;
  q: number;
  r: number;
  /** The offset position on the board (odd rows half a hex right), for drawing. */
  col: number;
  row: number;
  half: 'a' | 'b' | null;
  explored: boolean;
  planet: PlanetView | null;
  /** A Secret Shipyard Experiment, to its owner and those who found it (§6.6). */
  sse: { owner: string } | null;
}

/** What only a fleet's owner knows of it (§8.1: stances and orders are private). */
export interface FleetPlanView {
  /** The path planned for the turn (after a resolution: the one just flown), entry k for opportunity k. */
  path: (LocId | null)[];
  /** Movement opportunities used of it. */
  step: number;
  halted: boolean;
  moved: boolean;
  /** The turn one of its CV fell short of Ftr (§6.5), else null. */
  refit: number | null;
  /** Its own stance, or null for the owner's default. */
  stance: FleetStance | null;
}

/** A fleet marker (§8.1: owner, id, location and speed are public). */
export interface FleetView {
  owner: string;
  id: string;
  loc: LocId;
  speed: number;
  /** Its units, when the viewer may see them, else null. */
  units: Unit[] | null;
  /** The owner's view of it, else null. */
  plan: FleetPlanView | null;
}

/** A player as the table sees them. */
export interface PlayerSummary {
  name: string;
  race: RaceCode;
  /** The race's title, e.g. "Gazegi Expanse". */
  title: string;
  seat: number;
  vp: number;
  /** What its worlds pay now (§8.1: it can be read off the map). */
  income: number;
  worlds: number;
  fleets: number;
  /** Tactics cards in hand: a count only (§8.1). */
  cards: number;
  /** UNIQUE Tactics cards in play. */
  inPlay: CardName[];
  eliminated: boolean;
  /**
   * 1 + players with more VP while the game runs (Decision: ranked by the public score alone, as cash
   * is private); the final standings once it is over.
   */
  rank: number;
  winner: boolean;
}

/** A battle (§8.1: who fought where, losses and who won are public; the units and rounds to those in it). */
export interface BattleView {
  loc: LocId;
  segment: number;
  kind: BattleRecord['kind'];
  sides: {
    /** Empire names; empty: an NPC force (natives, pirates, aliens). */
    players: string[];
    /** Units and those lost, to the battle's players only; else null. */
    units: UnitId[] | null;
    lost: UnitId[] | null;
    /** $ lost at book value. */
    losses: number;
  }[];
  /** Hits of each side by round (round 0: the GBDS free shot), to the battle's players only. */
  hits: number[][] | null;
  /** The index of the side that won, or null. */
  winner: number | null;
  /** The viewer fought in it. */
  mine: boolean;
}

/**
 * An encounter: the drawer's in full; another's only when it put a world on the map (§8.1), then
 * `card` and `roll` null and `result` naming the world.
 */
export interface EncounterView {
  player: string;
  fleet: string;
  loc: LocId;
  card: EncounterCard | null;
  roll: number | null;
  result: string;
}

/** The last turn resolved as the viewer may know it (state TurnLog). */
export interface LogView {
  /** Fleet moves, public as the markers are. */
  moves: { owner: string; fleet: string; segment: number; from: LocId; to: LocId }[];
  battles: BattleView[];
  encounters: EncounterView[];
  /** Cards played, public once played (§8.1). */
  played: { player: string; card: CardName }[];
  /** The cards the viewer drew this turn (hidden from the others, §8.1). */
  drawn: { deck: DeckName; card: CardName }[];
  /** VP scored (public). */
  vp: { player: string; vp: number; why: string }[];
  /** The viewer's own Stellars in and out (the private income statement); empty for others. */
  cash: { amount: number; why: string }[];
  /** The viewer's orders with their outcomes, in the order written (any without a line last). */
  results: OrderResult[];
  /** Report lines to everyone, and to the viewer. */
  notes: string[];
}

/**
 * Where an offer stands: `open` until its turn to be accepted is played; then `traded`, `failed` (an
 * ACCEPT that did not go through: both sides are told) or `lapsed` (never accepted, or the game ended).
 */
export type OfferStatus = 'open' | 'traded' | 'failed' | 'lapsed';

/** An offer in the viewer's own terms: `from` and `to` empire names. */
export type OfferView = Omit<Offer, 'from' | 'to' | 'accepted'> & {
  from: string;
  to: string;
  status: OfferStatus;
};

/** What only the player knows of its own empire (§8.1 private). */
export interface MeView {
  name: string;
  race: RaceCode;
  cash: number;
  hand: CardName[];
  chits: Player['chits'];
  /** Special encounters had (1–6, §6.6). */
  specials: number[];
  /** The default stance of its fleets. */
  stance: FleetStance;
  /** Locations its fleets may not enter again this turn (§6.3). */
  barred: LocId[];
  /** Units bought, to be placed in the next phase F. */
  queue: Omit<Build, 'owner'>[];
  /** Offers made to or by it. */
  offers: OfferView[];
  /** Compensatory Points (Terran alternate navy, Appendix N): only once it has had some. */
  cp?: number;
  /** Discovery counters it placed or found (§6.10): only once it has one. */
  discoveries?: DiscoveryView[];
}

/**
 * A discovery counter as its placer knows it (face down: where, and whether found) or its finder
 * (also n, the d10 and what they decided); the others know nothing of it but its effects.
 */
export interface DiscoveryView {
  loc: LocId;
  placed: boolean;
  found: boolean;
  n: number | null;
  roll: number | null;
  result: string | null;
}

function discoveriesOf(s: GdState, me: PlayerId): DiscoveryView[] {
  return (s.discoveries ?? [])
    .filter((d) => d.owner === me || d.foundBy === me)
    .map((d) => {
      const finder = d.foundBy === me && d.roll !== null;
      return {
        loc: d.loc,
        placed: d.owner === me,
        found: d.foundBy !== null,
        n: finder ? d.n : null,
        roll: finder ? d.roll : null,
        result: finder ? discoveryResult(d.n + (d.roll as number)) : null,
      };
    });
}

/** The open board, as anyone at the table sees it. */
export interface BoardView {
  /** The turn orders are written for. */
  turn: number;
  turns: number;
  /** The phase being resolved, null between turns. */
  phase: Phase | null;
  ended: boolean;
  vpToWin: number;
  cards: boolean;
  /** Winners' names, the Winner Major first, once the game is over. */
  winners: string[] | null;
  map: { width: number; height: number };
  /** Every location, in board order (row by row). */
  locations: LocationView[];
  fleets: FleetView[];
  /** In seat order. */
  players: PlayerSummary[];
  /** This turn's player order (ties), empire names. */
  order: string[];
  /** The Stimulus card of the turn orders are written for (§8.2 Decision: drawn before them). */
  stimulus: CardName | null;
  log: LogView;
}

export type PlayerView = { role: 'player' } & BoardView & { me: MeView };

/** A running game to a spectator: the open board and public standings, no hands, no plans. */
export type PublicView = { role: 'spectator' } & BoardView;

/** Everything: admins always, spectators once the game is over (the record opens, ARCHITECTURE). */
export type FullView = { role: 'admin' } & GdState;

export type GdView = PlayerView | PublicView | FullView;

export function view(state: GdState, viewer: Viewer): GdView {
  if (viewer.role === 'admin' || (viewer.role === 'spectator' && state.ended))
    return { role: 'admin', ...state };
  const me = viewer.role === 'player' ? state.players.find((p) => p.id === viewer.playerId) : undefined;
  if (!me) return { role: 'spectator', ...board(state, null) };
  return { role: 'player', ...board(state, me), me: meView(state, me) };
}

/** The view of one player (the report's source); null when they are not in the game. */
export function playerView(state: GdState, playerId: PlayerId): PlayerView | null {
  const v = view(state, { role: 'player', playerId });
  return v.role === 'player' ? v : null;
}

function board(s: GdState, me: Player | null): BoardView {
  const names = new Map(s.players.map((p) => [p.id, p.name]));
  const nameOf = (id: PlayerId) => names.get(id) ?? id;
  const mine = (id: PlayerId | null) => me !== null && id === me.id;
  const fought = s.log.battles.filter((b) => b.sides.some((side) => side.players.some(mine)));
  const inBattle = new Set(fought.flatMap((b) => b.sides.flatMap((side) => side.units)));
  return {
    turn: s.turn,
    turns: s.options.turns,
    phase: s.phase,
    ended: s.ended,
    vpToWin: s.options.vpToWin,
    cards: s.options.cards,
    winners: s.winners && s.winners.map(nameOf),
    map: { ...s.map },
    locations: Object.values(s.locations).map((l) => {
      const { col, row } = toOffset(l);
      const sse = l.sse && (mine(l.sse.owner) || (me !== null && l.sse.foundBy.includes(me.id)));
      return {
        id: l.id,
        q: l.q,
        r: l.r,
        col,
        row,
        half: l.half,
        explored: l.explored,
        planet: l.planet && planetView(l.planet, me, nameOf),
        sse: sse && l.sse ? { owner: nameOf(l.sse.owner) } : null,
      };
    }),
    fleets: s.fleets.map((f) => ({
      owner: nameOf(f.owner),
      id: f.id,
      loc: f.loc,
      speed: fleetSpeed(f.units),
      // §8.1: seen at a segment's end, or in full by everyone in a battle with it.
      units:
        mine(f.owner) || (me !== null && f.seenBy.includes(me.id)) || f.units.some((u) => inBattle.has(u.id))
          ? f.units.map((u) => ({ ...u }))
          : null,
      plan: mine(f.owner)
        ? {
            path: [...f.path],
            step: f.step,
            halted: f.halted,
            moved: f.moved,
            refit: f.refit,
            stance: f.stance && { ...f.stance },
          }
        : null,
    })),
    players: summaries(s),
    order: s.order.map(nameOf),
    stimulus: s.stimulus,
    log: {
      moves: s.log.moves.map((m) => ({ ...m, owner: nameOf(m.owner) })),
      battles: s.log.battles.map((b) => battleView(b, fought.includes(b), nameOf)),
      encounters: s.log.encounters.flatMap((e): EncounterView[] => {
        const base = { player: nameOf(e.player), fleet: e.fleet, loc: e.loc };
        if (mine(e.player)) return [{ ...base, card: e.card, roll: e.roll, result: e.result }];
        const world = s.locations[e.loc]?.planet;
        return world ? [{ ...base, card: null, roll: null, result: `found ${world.name}` }] : [];
      }),
      played: s.log.played.map((x) => ({ player: nameOf(x.player), card: x.card })),
      drawn: s.log.drawn.filter((x) => mine(x.player)).map(({ deck, card }) => ({ deck, card })),
      vp: s.log.vp.map((x) => ({ ...x, player: nameOf(x.player) })),
      cash: s.log.cash.filter((x) => mine(x.player)).map(({ amount, why }) => ({ amount, why })),
      results: me ? [...(s.log.results[me.id] ?? [])].sort((a, b) => written(a) - written(b)) : [],
      notes: s.log.notes.filter((n) => n.player === null || mine(n.player)).map((n) => n.text),
    },
  };
}

/** Where an order was written: its line; one without a line after all others. */
const written = ([line]: OrderResult) => line ?? Number.MAX_SAFE_INTEGER;

function planetView(p: Planet, me: Player | null, nameOf: (id: PlayerId) => string): PlanetView {
  const own = me !== null && p.owner === me.id;
  // An owner-less world's forces, its GBDS among them, are the natives' (§8.1: revealed, or hidden).
  const revealed = p.owner === null && me !== null && p.revealedTo.includes(me.id);
  const hidden = p.owner === null && !revealed;
  const counts: UnitCounts = {};
  for (const u of p.natives) counts[u.type] = (counts[u.type] ?? 0) + 1;
  return {
    name: p.name,
    kind: p.kind,
    owner: p.owner && nameOf(p.owner),
    home: p.home && nameOf(p.home),
    main: p.main,
    r: p.r,
    gbds: hidden ? null : p.gbds.length,
    ods: p.ods && odsName(p.ods.id),
    shipyards: p.shipyards.length,
    blockaded: p.blockaded,
    mi: own || revealed ? p.mi.length : null,
    homeguard: own ? p.homeguard.length : null,
    natives: revealed ? counts : null,
    stance: own ? { ...p.stance } : null,
  };
}

/** An ODS is its race's (§2.3): its id's first letter is the race code. */
const odsName = (id: UnitId) => RACES[id[0] as RaceCode]?.ods ?? 'ODS';

function summaries(s: GdState): PlayerSummary[] {
  const final = s.ended ? standings(s) : null;
  return s.players.map((p) => {
    const row = final?.find((x) => x.playerId === p.id);
    return {
      name: p.name,
      race: p.race,
      title: RACES[p.race].title,
      seat: p.seat,
      vp: p.vp,
      income: incomeOf(s, p.id).total,
      worlds: ownPlanets(s, p.id).length,
      fleets: s.fleets.filter((f) => f.owner === p.id).length,
      cards: p.hand.length,
      inPlay: [...p.inPlay],
      eliminated: p.eliminated,
      rank: row ? row.rank : 1 + s.players.filter((o) => o.vp > p.vp).length,
      winner: row?.winner ?? false,
    };
  });
}

function battleView(b: BattleRecord, mine: boolean, nameOf: (id: PlayerId) => string): BattleView {
  return {
    loc: b.loc,
    segment: b.segment,
    kind: b.kind,
    sides: b.sides.map((side) => ({
      players: side.players.map(nameOf),
      units: mine ? [...side.units] : null,
      lost: mine ? [...side.lost] : null,
      losses: side.losses,
    })),
    hits: mine ? b.hits.map((round) => [...round]) : null,
    winner: b.winner,
    mine,
  };
}

function meView(s: GdState, me: Player): MeView {
  const nameOf = (id: PlayerId) => s.players.find((p) => p.id === id)?.name ?? id;
  return {
    name: me.name,
    race: me.race,
    cash: me.cash,
    hand: [...me.hand],
    chits: { ...me.chits },
    specials: [...me.specials],
    stance: { ...me.stance },
    barred: [...me.barred],
    ...(me.cp !== undefined && { cp: me.cp }),
    ...(discoveriesOf(s, me.id).length > 0 && { discoveries: discoveriesOf(s, me.id) }),
    queue: s.queue.filter((b) => b.owner === me.id).map(({ owner: _owner, ...rest }) => ({ ...rest })),
    offers: s.offers
      .filter((o) => o.from === me.id || o.to === me.id)
      .map((o) => {
        const { accepted: _accepted, ...terms } = o;
        return { ...terms, from: nameOf(o.from), to: nameOf(o.to), status: offerStatus(s, o) };
      }),
  };
}

/**
 * An offer of turn N is accepted in turn N + 1 or lapses (§4.1 phase E), as it does when either side
 * is out of the game (eliminated later in turn N); the state keeps it until turn N + 2 begins, so
 * once over it is told in one printout.
 */
function offerStatus(s: GdState, o: Offer): OfferStatus {
  if (o.accepted) return 'traded';
  const [from, to] = [playerById(s, o.from), playerById(s, o.to)];
  if (!s.ended && o.turn === s.turn - 1 && !from.eliminated && !to.eliminated) return 'open';
  // The log tells of the turn last resolved: the offer's turn to be accepted, or (the game over) not.
  const logged = s.ended ? s.turn : s.turn - 1;
  const accept = formatOrder({ type: 'accept', offer: o.id });
  // Failed only if a trade was tried: not when refused as the offerer was out already.
  const tried =
    o.turn + 1 === logged &&
    (s.log.results[o.to] ?? []).some(([, text, , note]) => text === accept && note !== offererOut(from.name));
  return tried ? 'failed' : 'lapsed';
}
