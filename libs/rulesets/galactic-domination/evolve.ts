import { canonicalJson, type Rng, type RulesetEvent } from '@warpgate/engine';
import { boardHexes, hexKey, locId, parseLoc, type LocId } from './hex';
import {
  DEFAULT_PLANET_STANCE,
  DEFAULT_STANCE,
  emptyLog,
  initialState,
  type CardName,
  type DeckName,
  type Discovery,
  type Fleet,
  type FleetId,
  type GdEvent,
  gdEvent,
  type GdState,
  type Location,
  type Planet,
  type Player,
  type PlayerId,
  type TradeItem,
  type Turn,
  type Unit,
  type UnitId,
  type UnitRef,
} from './state';
import { TACTICS_CARDS, typeOfCode, UNIT_TYPES, UNITS, type UnitType } from './tables';

/**
 * Folding Galactic Domination events (state.ts documents what each changes). `apply` changes a
 * state in place: a resolver applies each event to its working copy the moment it is decided.
 */

// ---- Readers shared by the rules ----

/** A unit id's parts: race code, type code, number (§2.3). */
export function unitIdParts(id: UnitId): { race: string; code: string; number: number } {
  return { race: id[0], code: id[1], number: Number(id.slice(2)) };
}

/** §2.3 Decision: ids by type code letter, then number as an integer (SC2 before SC10), then race. */
export function compareUnitIds(a: UnitId, b: UnitId): number {
  const [x, y] = [unitIdParts(a), unitIdParts(b)];
  return x.code.localeCompare(y.code) || x.number - y.number || x.race.localeCompare(y.race);
}

/**
 * `BB1, CA1-2, MI1-5`: units by type in the canonical order, their numbers in runs; how every text a
 * player reads names units (the orders write a unit so too: `BB1`), never by their ids (`GB1`).
 */
export function unitList(ids: readonly UnitId[]): string {
  const byType = new Map<UnitType, number[]>();
  for (const id of [...ids].sort(compareUnitIds)) {
    const type = typeOfCode(unitIdParts(id).code);
    if (type) byType.set(type, [...(byType.get(type) ?? []), unitIdParts(id).number]);
  }
  const parts = UNIT_TYPES.filter((t) => byType.has(t)).map((t) => {
    const numbers = byType.get(t) as number[];
    const runs: string[] = [];
    for (let i = 0; i < numbers.length;) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
      runs.push(j === i ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
      i = j + 1;
    }
    return `${t}${runs.join(',')}`;
  });
  return parts.join(', ') || 'none';
}

/** The canonical order of §7.3: by type (FF, DD, CA, BB …), then id. */
export const byUnit = (a: Unit, b: Unit): number =>
  UNIT_TYPES.indexOf(a.type) - UNIT_TYPES.indexOf(b.type) || compareUnitIds(a.id, b.id);

/** Player ids always come from the state: a missing one is a bug. */
export function playerById(s: GdState, id: PlayerId): Player {
  const player = s.players.find((p) => p.id === id);
  if (!player) throw new Error(`no player ${id}`);
  return player;
}

export const findFleet = (s: GdState, owner: PlayerId, id: FleetId): Fleet | undefined =>
  s.fleets.find((f) => f.owner === owner && f.id === id);

function fleetById(s: GdState, owner: PlayerId, id: FleetId): Fleet {
  const fleet = findFleet(s, owner, id);
  if (!fleet) throw new Error(`${owner} has no fleet ${id}`);
  return fleet;
}

function discoveryById(s: GdState, id: string): Discovery {
  const d = s.discoveries?.find((x) => x.id === id);
  if (!d) throw new Error(`no discovery counter ${id}`);
  return d;
}

/** The planet at a location, or null. */
export const planetAt = (s: GdState, loc: LocId): Planet | null => s.locations[loc]?.planet ?? null;

function planet(s: GdState, loc: LocId): Planet {
  const p = planetAt(s, loc);
  if (!p) throw new Error(`no planet at ${loc}`);
  return p;
}

/** The locations of a hex `q,r`: the hex itself, or its two halves. */
export const locationsOfHex = (s: GdState, hex: LocId): Location[] =>
  [hex, `${hex}/a`, `${hex}/b`].flatMap((id) => (s.locations[id] ? [s.locations[id]] : []));

/** A fleet's stance: its own, or its owner's default. */
export const stanceOf = (s: GdState, fleet: Fleet) => fleet.stance ?? playerById(s, fleet.owner).stance;

/** The id of a player's unit written as its type and number (`BB1` = the owner's BB #1). */
export const ownUnitId = (s: GdState, player: PlayerId, ref: UnitRef): UnitId =>
  `${playerById(s, player).race}${UNITS[ref.type].code}${ref.number}`;

/** Ids for `n` new units of a race and type: the next numbers of the series (§2.3). */
export function newUnitIds(s: GdState, race: string, type: UnitType, n: number): UnitId[] {
  const prefix = race + UNITS[type].code;
  const last = s.counters[prefix] ?? 0;
  return Array.from({ length: n }, (_, i) => `${prefix}${last + i + 1}`);
}

// ---- Changes ----

/** A deep copy of plain JSON (structuredClone would make objects of another realm under jest's vm). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The series of the ids (`SB` for SB3) have their numbers used. */
function countIds(s: GdState, ids: readonly UnitId[]) {
  for (const id of ids) {
    const prefix = id.slice(0, 2);
    s.counters[prefix] = Math.max(s.counters[prefix] ?? 0, unitIdParts(id).number);
  }
}

const newUnit = (id: UnitId, hull: boolean): Unit => {
  const type = typeOfCode(unitIdParts(id).code);
  if (!type) throw new Error(`no unit type in id ${id}`);
  return { id, type, speedBonus: 0, hull };
};

/** Fleets by their owner's seat, then number. */
function sortFleets(s: GdState) {
  const seat = new Map(s.players.map((p) => [p.id, p.seat]));
  const number = (f: Fleet) => Number(f.id.slice(1));
  s.fleets.sort((a, b) => (seat.get(a.owner) ?? 0) - (seat.get(b.owner) ?? 0) || number(a) - number(b));
}

function addFleet(s: GdState, owner: PlayerId, id: FleetId, loc: LocId, like?: Fleet): Fleet {
  const fleet: Fleet = {
    owner,
    id,
    loc,
    units: [],
    stance: like?.stance ? { ...like.stance } : null,
    path: [],
    step: 0,
    came: null,
    halted: false,
    moved: like?.moved ?? false,
    refit: null,
    seenBy: [],
  };
  s.fleets.push(fleet);
  sortFleets(s);
  const player = playerById(s, owner);
  player.nextFleet = Math.max(player.nextFleet, Number(id.slice(1)) + 1);
  return fleet;
}

/** Takes the named units out of a list (in place), returning them. */
function take(list: Unit[], ids: readonly UnitId[]): Unit[] {
  const wanted = new Set(ids);
  const taken = list.filter((u) => wanted.has(u.id));
  const kept = list.filter((u) => !wanted.has(u.id));
  list.splice(0, list.length, ...kept);
  return taken;
}

const putIn = (list: Unit[], units: Unit[]) => {
  list.push(...units);
  list.sort(byUnit);
};

/** Removes one copy of `card` from `list`; false when it holds none. */
function removeCard(list: CardName[], card: CardName): boolean {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
  return i >= 0;
}

const union = <T>(list: T[], more: readonly T[]) => {
  for (const x of more) if (!list.includes(x)) list.push(x);
};

function placeOnPlanet(p: Planet, owned: boolean, units: Unit[], homeguard: boolean) {
  for (const u of units) {
    const stats = UNITS[u.type];
    if (u.type === 'ODS') p.ods = u;
    else if (u.type === 'GBDS') putIn(p.gbds, [u]);
    else if (u.type === 'SY') putIn(p.shipyards, [u]);
    else if (u.type === 'MI') putIn(homeguard ? p.homeguard : p.mi, [u]);
    else if (!owned && !stats.planetary) putIn(p.natives, [u]);
    else throw new Error(`${u.id} cannot stand on a planet`);
  }
}

function moveItem(item: TradeItem, from: Player, to: Player) {
  if (item.kind === 'cash') {
    from.cash -= item.amount;
    to.cash += item.amount;
  } else if (item.kind === 'chit') {
    from.chits[item.chit] -= 1;
    to.chits[item.chit] += 1;
  } else if (removeCard(from.inPlay, item.card)) to.inPlay.push(item.card);
}

const newPlanet = (d: Pick<Planet, 'name' | 'kind' | 'home' | 'main' | 'owner' | 'r'>): Planet => ({
  ...d,
  gbds: [],
  ods: null,
  shipyards: [],
  mi: [],
  homeguard: [],
  natives: [],
  revealedTo: [],
  blockaded: false,
  stance: { ...DEFAULT_PLANET_STANCE },
  bombarded: false,
});

const deckOf = (s: GdState, deck: DeckName) => s.decks[deck];

/** Applies one event to a state the caller owns (a resolver's working copy, or evolve's copy). */
export function apply(s: GdState, event: RulesetEvent): void {
  const e = event as GdEvent;
  switch (e.type) {
    case 'galactic-domination.GameSetUp':
      Object.assign(s, initialState(), { started: true, turn: 1, options: { ...e.data.options } });
      return;
    case 'galactic-domination.MapDrawn': {
      const { width, height, split, explored } = e.data;
      s.map = { width, height };
      const halves = new Set(split);
      const open = new Set(explored);
      s.locations = {};
      for (const h of boardHexes(width, height))
        for (const half of halves.has(hexKey(h)) ? (['a', 'b'] as const) : [null]) {
          const id = locId(h, half);
          s.locations[id] = {
            id,
            q: h.q,
            r: h.r,
            half,
            explored: open.has(hexKey(h)),
            planet: null,
            sse: null,
          };
        }
      return;
    }
    case 'galactic-domination.RaceRolledOff':
      // A fact for the record: the winner's race is in PlayerSeated.
      return;
    case 'galactic-domination.PlayerSeated': {
      const { player, name, race, seat } = e.data;
      s.players.push({
        id: player,
        name,
        race,
        seat,
        cash: 0,
        vp: 0,
        hand: [],
        inPlay: [],
        chits: { BoB: 0, RR: 0 },
        specials: [],
        stance: copy(DEFAULT_STANCE),
        nextFleet: 1,
        barred: [],
        eliminated: false,
      });
      s.players.sort((a, b) => a.seat - b.seat);
      s.order = s.players.map((p) => p.id);
      return;
    }
    case 'galactic-domination.WorldPlaced': {
      const { loc, ...rest } = e.data;
      s.locations[loc].planet = newPlanet(rest);
      return;
    }
    case 'galactic-domination.UnitsCreated': {
      const { owner, loc, fleet, units, homeguard, hull } = e.data;
      countIds(s, units);
      const created = units.map((id) => newUnit(id, hull));
      if (fleet === null) placeOnPlanet(planet(s, loc), owner !== null, created, homeguard);
      else {
        if (owner === null) throw new Error('NPC units form no fleet in the state');
        putIn((findFleet(s, owner, fleet) ?? addFleet(s, owner, fleet, loc)).units, created);
      }
      return;
    }
    case 'galactic-domination.UnitsLost': {
      const gone = e.data.units;
      for (const f of s.fleets) take(f.units, gone);
      s.fleets = s.fleets.filter((f) => f.units.length > 0);
      for (const l of Object.values(s.locations)) {
        const p = l.planet;
        if (!p) continue;
        for (const list of [p.gbds, p.shipyards, p.mi, p.homeguard, p.natives]) take(list, gone);
        if (p.ods && gone.includes(p.ods.id)) p.ods = null;
      }
      return;
    }
    case 'galactic-domination.DeckShuffled': {
      const deck = deckOf(s, e.data.deck);
      for (const card of e.data.cards) if (!removeCard(deck.discard, card)) removeCard(deck.reserve, card);
      deck.draw = [...e.data.cards];
      deck.shuffles += 1;
      return;
    }
    case 'galactic-domination.CardsSetAside':
      deckOf(s, e.data.deck).reserve.push(...e.data.cards);
      return;
    case 'galactic-domination.CardDrawn': {
      const { deck: name, player, card } = e.data;
      const deck = deckOf(s, name);
      removeCard(deck.draw, card);
      if (name === 'stimulus') {
        if (s.stimulus !== null) deck.discard.push(s.stimulus);
        s.stimulus = card;
      } else if (name === 'tactics' && player !== null) playerById(s, player).hand.push(card);
      else deck.discard.push(card);
      if (player !== null) s.log.drawn.push({ player, deck: name, card });
      return;
    }
    case 'galactic-domination.CardDiscarded': {
      const { player, card, inPlay } = e.data;
      const p = playerById(s, player);
      if (removeCard(inPlay ? p.inPlay : p.hand, card)) s.decks.tactics.discard.push(card);
      return;
    }
    case 'galactic-domination.CardPlayed': {
      const { player, card } = e.data;
      const p = playerById(s, player);
      removeCard(p.hand, card);
      if (Object.hasOwn(TACTICS_CARDS, card) && TACTICS_CARDS[card].unique) p.inPlay.push(card);
      else s.decks.tactics.discard.push(card);
      s.log.played.push({ player, card });
      return;
    }
    case 'galactic-domination.CardTaken': {
      const { from, to, card } = e.data;
      if (removeCard(playerById(s, from).hand, card)) playerById(s, to).hand.push(card);
      return;
    }
    case 'galactic-domination.EffectBegan':
      s.effects.push(copy(e.data));
      return;
    case 'galactic-domination.EffectEnded': {
      const { card, player, params } = e.data;
      const i = s.effects.findIndex(
        (x) => x.card === card && x.player === player && canonicalJson(x.params) === canonicalJson(params),
      );
      if (i >= 0) s.effects.splice(i, 1);
      return;
    }
    case 'galactic-domination.TurnBegan': {
      const { turn, order } = e.data;
      Object.assign(s, { turn, order: [...order], phase: 'A', segment: 0, log: emptyLog() });
      for (const f of s.fleets)
        Object.assign(f, { path: [], step: 0, came: null, halted: false, seenBy: [] });
      for (const p of s.players) p.barred = [];
      for (const l of Object.values(s.locations)) if (l.planet) l.planet.bombarded = false;
      s.effects = s.effects.filter((x) => x.until >= turn);
      // An offer of turn N may be accepted in turn N + 1 only (§4.1 phase E).
      s.offers = s.offers.filter((o) => o.turn >= turn - 1);
      return;
    }
    case 'galactic-domination.PhaseBegan':
      s.phase = e.data.phase;
      if (e.data.phase !== 'G') s.segment = 0;
      return;
    case 'galactic-domination.SegmentBegan':
      s.segment = e.data.segment;
      s.segments = e.data.segments;
      return;
    case 'galactic-domination.StanceSet': {
      const { player, fleet, stance } = e.data;
      if (fleet === null) playerById(s, player).stance = copy(stance);
      else fleetById(s, player, fleet).stance = copy(stance);
      return;
    }
    case 'galactic-domination.PlanetStanceSet':
      planet(s, e.data.loc).stance = { ...e.data.stance };
      return;
    case 'galactic-domination.PathPlanned':
      fleetById(s, e.data.owner, e.data.fleet).path = [...e.data.path];
      return;
    case 'galactic-domination.FleetStepped': {
      const { owner, fleet: id, to } = e.data;
      const fleet = fleetById(s, owner, id);
      fleet.step += 1;
      if (to === null) return;
      s.log.moves.push({ owner, fleet: id, segment: s.segment, from: fleet.loc, to });
      Object.assign(fleet, { came: fleet.loc, loc: to, moved: true });
      return;
    }
    case 'galactic-domination.FleetHalted':
      fleetById(s, e.data.owner, e.data.fleet).halted = true;
      return;
    case 'galactic-domination.HexBarred':
      union(playerById(s, e.data.player).barred, [e.data.loc]);
      return;
    case 'galactic-domination.FleetSplit': {
      const { owner, from, fleet, units } = e.data;
      const source = fleetById(s, owner, from);
      const moved = take(source.units, units);
      putIn(addFleet(s, owner, fleet, source.loc, source).units, moved);
      return;
    }
    case 'galactic-domination.FleetsMerged': {
      const { owner, fleet, into } = e.data;
      const gone = fleetById(s, owner, fleet);
      const kept = fleetById(s, owner, into);
      putIn(kept.units, gone.units);
      kept.moved ||= gone.moved;
      s.fleets = s.fleets.filter((f) => f !== gone);
      return;
    }
    case 'galactic-domination.UnitsEmbarked': {
      const fleet = fleetById(s, e.data.owner, e.data.fleet);
      putIn(fleet.units, take(planet(s, fleet.loc).mi, e.data.units));
      return;
    }
    case 'galactic-domination.UnitsLanded': {
      const fleet = fleetById(s, e.data.owner, e.data.fleet);
      putIn(planet(s, fleet.loc).mi, take(fleet.units, e.data.units));
      s.fleets = s.fleets.filter((f) => f.units.length > 0);
      return;
    }
    case 'galactic-domination.FleetSeen':
      union(fleetById(s, e.data.owner, e.data.fleet).seenBy, e.data.by);
      return;
    case 'galactic-domination.FightersTransferred': {
      const { owner, from, to, units } = e.data;
      putIn(fleetById(s, owner, to).units, take(fleetById(s, owner, from).units, units));
      return;
    }
    case 'galactic-domination.FleetRefit':
      fleetById(s, e.data.owner, e.data.fleet).refit = e.data.since;
      return;
    case 'galactic-domination.SpeedRaised':
      for (const f of s.fleets) for (const u of f.units) if (u.id === e.data.unit) u.speedBonus += 1;
      return;
    case 'galactic-domination.HexExplored':
      for (const l of locationsOfHex(s, e.data.hex)) l.explored = true;
      return;
    case 'galactic-domination.Encountered':
      // NPC fleets never enter the state, but their ids are used all the same.
      countIds(s, e.data.npc);
      s.log.encounters.push(copy(e.data));
      return;
    case 'galactic-domination.NativesRevealed':
      union(planet(s, e.data.loc).revealedTo, e.data.to);
      return;
    case 'galactic-domination.WorldClaimed': {
      const p = planet(s, e.data.loc);
      p.owner = e.data.owner;
      // §2.2: a Free or Neutral World a player comes to control is an Empire World; a conquered
      // capital stays one (its captor is paid half, §6.5).
      if (p.kind === 'free' || p.kind === 'neutral') p.kind = 'empire';
      if (e.data.r !== null) p.r = e.data.r;
      p.blockaded = false;
      p.stance = { ...DEFAULT_PLANET_STANCE };
      return;
    }
    case 'galactic-domination.BlockadeSet':
      planet(s, e.data.loc).blockaded = e.data.blockaded;
      return;
    case 'galactic-domination.SseFounded':
      s.locations[e.data.loc].sse = { owner: e.data.owner, foundBy: [] };
      return;
    case 'galactic-domination.SseFound': {
      const sse = s.locations[e.data.loc].sse;
      if (sse) union(sse.foundBy, [e.data.by]);
      return;
    }
    case 'galactic-domination.SseDestroyed':
      s.locations[e.data.loc].sse = null;
      return;
    case 'galactic-domination.BattleFought':
      s.log.battles.push(copy(e.data));
      return;
    case 'galactic-domination.UnitsFired':
      union(s.log.fired, e.data.units);
      return;
    case 'galactic-domination.Bombarded':
      planet(s, e.data.loc).bombarded = true;
      union(s.log.fired, [e.data.unit]);
      union(s.log.bombarded, [e.data.unit]);
      return;
    case 'galactic-domination.VpScored':
      playerById(s, e.data.player).vp += e.data.vp;
      s.log.vp.push({ ...e.data });
      return;
    case 'galactic-domination.CashChanged':
      playerById(s, e.data.player).cash += e.data.amount;
      s.log.cash.push({ ...e.data });
      return;
    case 'galactic-domination.ChitGained':
      playerById(s, e.data.player).chits[e.data.chit] += 1;
      return;
    case 'galactic-domination.ChitUsed':
      playerById(s, e.data.player).chits[e.data.chit] -= 1;
      return;
    case 'galactic-domination.DiscoveryPlaced':
      (s.discoveries ??= []).push({ ...e.data, foundBy: null, roll: null, waiting: false });
      return;
    case 'galactic-domination.DiscoveryFound': {
      const d = discoveryById(s, e.data.id);
      Object.assign(d, { foundBy: e.data.player, roll: e.data.roll, waiting: e.data.waiting });
      return;
    }
    case 'galactic-domination.DiscoverySprung':
      discoveryById(s, e.data.id).waiting = false;
      return;
    case 'galactic-domination.FleetTeleported': {
      const fleet = fleetById(s, e.data.owner, e.data.fleet);
      Object.assign(fleet, { came: fleet.loc, loc: e.data.to, halted: true });
      return;
    }
    case 'galactic-domination.CpChanged': {
      const p = playerById(s, e.data.player);
      p.cp = (p.cp ?? 0) + e.data.amount;
      return;
    }
    case 'galactic-domination.SpecialHad':
      union(playerById(s, e.data.player).specials, [e.data.special]);
      return;
    case 'galactic-domination.HullFinished':
      for (const f of s.fleets) for (const u of f.units) if (u.id === e.data.unit) u.hull = false;
      return;
    case 'galactic-domination.BuildOrdered':
      s.queue.push({ ...e.data });
      s.counters.build = Math.max(s.counters.build ?? 0, Number(e.data.id.slice(1)));
      return;
    case 'galactic-domination.BuildRemoved':
      s.queue = s.queue.filter((b) => b.id !== e.data.id);
      return;
    case 'galactic-domination.TradeOffered':
      s.offers.push(copy(e.data));
      s.counters.offer = Math.max(s.counters.offer ?? 0, Number(e.data.id.slice(1)));
      return;
    case 'galactic-domination.TradeAccepted': {
      const offer = s.offers.find((o) => o.id === e.data.offer);
      if (offer) offer.accepted = true;
      return;
    }
    case 'galactic-domination.Traded':
    case 'galactic-domination.GoodsTraded': {
      const offer = s.offers.find((o) => o.id === e.data.offer);
      if (!offer) return;
      // Traded, of older streams, moved the Stellars too and dropped the offer at once.
      const old = e.type === 'galactic-domination.Traded';
      const moved = (item: TradeItem) => old || item.kind !== 'cash';
      const [from, to] = [playerById(s, offer.from), playerById(s, offer.to)];
      for (const item of offer.give.filter(moved)) moveItem(item, from, to);
      for (const item of offer.get.filter(moved)) moveItem(item, to, from);
      if (old) s.offers = s.offers.filter((o) => o !== offer);
      return;
    }
    case 'galactic-domination.OrderResolved':
      (s.log.results[e.data.player] ??= []).push([...e.data.result]);
      return;
    case 'galactic-domination.Noted':
      s.log.notes.push({ ...e.data });
      return;
    case 'galactic-domination.PlayerEliminated':
      playerById(s, e.data.player).eliminated = true;
      return;
    case 'galactic-domination.TurnEnded':
      Object.assign(s, { turn: e.data.turn + 1, phase: null, segment: 0 });
      return;
    case 'galactic-domination.GameEnded':
      Object.assign(s, { ended: true, phase: null, winners: [...e.data.winners] });
      return;
  }
}

export const cloneState = (state: GdState): GdState => copy(state);

/** The state after `events`, each applied in turn to one copy: `state` is not changed. */
export function evolveAll(state: GdState, events: readonly RulesetEvent[]): GdState {
  const s = cloneState(state);
  for (const e of events) apply(s, e);
  return s;
}

export const evolve = (state: GdState, event: RulesetEvent): GdState => evolveAll(state, [event]);

/**
 * A turn on a copy of `state` (which is not changed): each event emitted is applied at once and
 * recorded in `events`, in order, so the working state is always their fold.
 */
export function openTurn(state: GdState, rng: Rng): { turn: Turn; events: RulesetEvent[] } {
  const working = cloneState(state);
  const events: RulesetEvent[] = [];
  const turn: Turn = {
    state: working,
    rng,
    emit: (name, data) => {
      const event = gdEvent(name, data);
      events.push(event);
      apply(working, event);
    },
  };
  return { turn, events };
}

/** A location id as the state keys it: a split hex written whole means its half `a` (§10 #27). */
export function stateLoc(s: GdState, id: LocId): LocId | null {
  if (s.locations[id]) return id;
  const loc = parseLoc(id);
  if (loc && loc.half === null && s.locations[`${id}/a`]) return `${id}/a`;
  return null;
}
