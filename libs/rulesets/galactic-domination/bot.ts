import type { Rng } from '@warpgate/engine';
import { unitsValue } from './combat';
import { capitalOf, incomeOf, limitOf, ownPlanets, shipyardsOf } from './economy';
import { locationsOfHex, unitIdParts } from './evolve';
import { adjacent, hexKey, hexOf, neighbours, type LocId } from './hex';
import { chartOf } from './movement';
import { ORDER_LIMIT } from './orders';
import type { Fleet, FleetId, GdState, Planet, Player, PlayerId, TradeItem, Unit } from './state';
import {
  available,
  capacity,
  fleetSpeed,
  HULLS,
  opportunities,
  TACTICS_CARDS,
  UNITS,
  type UnitCounts,
  type UnitType,
} from './tables';

/**
 * A computer player for whole-game tests and the bench: it writes a turn's orders as a player types
 * them (digest §4.1), deterministic from the Rng handed in. It plays its own empire from what it
 * owns, but reads the whole state to pick targets (where the unexplored hexes, the natives and the
 * other empires' defences are), which no player may: it is a driver that makes a game happen, not an
 * opponent.
 *
 * Turn 1 it designs its Exploration Fleet(s); every turn its fleets head, by paths planned segment
 * by segment, for the nearest unexplored hexes, worlds nobody holds and enemy worlds they can take,
 * taking garrison MI aboard at home, and hulls to a shipyard to be finished; it places and buys
 * units, finishes hulls, plays, trades in and buys cards, makes
 * and accepts trades, and now and then changes stances.
 */

export function botOrders(s: GdState, playerId: PlayerId, rng: Rng): string {
  const me = s.players.find((p) => p.id === playerId);
  if (!s.started || s.ended || !me || me.eliminated) return '';
  return new Bot(s, me, rng).orders().slice(0, ORDER_LIMIT).join('\n');
}

/** A fleet the bot commands: one of its own, or one its EF order forms this turn. */
interface Mine {
  id: FleetId;
  loc: LocId;
  units: Unit[];
  /** The turn one of its CV fell short of Ftr (§6.5), or null. */
  refit: number | null;
}

/** Exploration Fleet designs (§2.4: $32 at most, each CV with 4+ Ftr, MI within carrier room). */
const EF_DESIGNS: UnitCounts[][] = [
  [{ BB: 1, CA: 2, DD: 1, TT: 1, MI: 5 }],
  [{ CV: 1, Ftr: 6, FF: 2, TT: 1, MI: 4 }, { FF: 2 }],
  [{ BB: 1, CA: 1, TT: 1, MI: 6 }, { FF: 3 }],
];
/** The Gromar have no CV or Ftr, but GS and RA (§2.1). */
const GROMAR_EF_DESIGNS: UnitCounts[][] = [
  [{ RA: 1, GS: 1, TT: 1, MI: 5 }, { FF: 3 }],
  [{ RA: 2, TT: 2, MI: 8 }, { FF: 1 }],
];

/** Ships the bot buys at its shipyards, the Gromar's and everyone else's. */
const SHIPS: UnitType[] = ['CA', 'DD', 'BB', 'FF', 'TT', 'CV'];
const GROMAR_SHIPS: UnitType[] = ['CA', 'DD', 'BB', 'FF', 'TT', 'RA', 'GS'];

/** A force worth this many times the defenders' book value attacks them. */
const ODDS = 1.5;
/** Encounters are drawn in the first turns only (§6.6): exploring matters less after. */
const EXPLORING_TURNS = 3;

/** The locations one step from each location (§3.2), per board. */
const graphs = new WeakMap<GdState['locations'], Map<LocId, LocId[]>>();

function graphOf(s: GdState): Map<LocId, LocId[]> {
  let g = graphs.get(s.locations);
  if (g) return g;
  g = new Map();
  for (const id of Object.keys(s.locations)) {
    const h = hexOf(id);
    const near = [hexKey(h), ...neighbours(h).map(hexKey)]
      .flatMap((k) => locationsOfHex(s, k))
      .map((l) => l.id)
      .filter((x) => x !== id && adjacent(id, x));
    g.set(id, near);
  }
  graphs.set(s.locations, g);
  return g;
}

/** Breadth-first from `from`: each location reached, the one it was reached from and its steps away. */
function routes(g: Map<LocId, LocId[]>, from: LocId): Map<LocId, { came: LocId | null; d: number }> {
  const reached = new Map<LocId, { came: LocId | null; d: number }>([[from, { came: null, d: 0 }]]);
  for (const todo = [from]; todo.length > 0;) {
    const at = todo.shift() as LocId;
    const d = (reached.get(at)?.d ?? 0) + 1;
    for (const n of g.get(at) ?? [])
      if (!reached.has(n)) {
        reached.set(n, { came: at, d });
        todo.push(n);
      }
  }
  return reached;
}

type Routes = ReturnType<typeof routes>;

/** The steps from the start of `reached` to `to` (the start itself left out). */
function pathTo(reached: Routes, to: LocId): LocId[] {
  const path: LocId[] = [];
  for (let at: LocId | null | undefined = to; at; at = reached.get(at)?.came) path.unshift(at);
  return path.slice(1);
}

const count = (units: readonly Unit[], type: UnitType) => units.filter((u) => u.type === type).length;

/** `BB1` for the unit `GB1` (§2.3: orders name a player's units by type and number). */
const unitRef = (u: Unit) => `${u.type}${unitIdParts(u.id).number}`;

/** A planet's defenders in the field: GBDS, ODS, garrison, Homeguard and natives. */
const defenders = (p: Planet): Unit[] => [
  ...p.gbds,
  ...(p.ods ? [p.ods] : []),
  ...p.mi,
  ...p.homeguard,
  ...p.natives,
];

class Bot {
  private readonly lines: string[] = [];
  private readonly others: Player[];
  private readonly capital: LocId | null;
  /** Stellars left for this turn's purchases (phase I and J: after phase H's income). */
  private budget: number;
  /** Locations a fleet of the bot is bound for this turn. */
  private readonly claimed = new Set<LocId>();
  private readonly hand: string[];
  /** The next id for a fleet split off: clear of the fleets phase F forms (§4.1 FLEET). */
  private nextSplit: number;

  constructor(
    private readonly s: GdState,
    private readonly me: Player,
    private readonly rng: Rng,
  ) {
    this.others = s.players.filter((p) => p.id !== me.id && !p.eliminated);
    this.capital = capitalOf(s, me.id);
    this.budget = me.cash + incomeOf(s, me.id).total;
    this.hand = [...me.hand];
    this.nextSplit = me.nextFleet + 5;
  }

  orders(): string[] {
    const fleets = this.s.turn === 1 ? this.explorationFleets() : this.fleets();
    this.trades();
    this.cards(fleets);
    this.placements();
    this.movements(fleets);
    this.stances(fleets);
    this.builds();
    return this.lines;
  }

  private say(line: string) {
    this.lines.push(line);
  }

  private chance(n: number): boolean {
    return this.rng.int(1, n) === 1;
  }

  // ---- Turn 1: the Exploration Fleet (§2.4) ----

  private explorationFleets(): Mine[] {
    const gromar = this.me.race === 'M';
    const design = this.rng.pick(gromar ? GROMAR_EF_DESIGNS : EF_DESIGNS);
    const text = (units: UnitCounts) =>
      (Object.entries(units) as [UnitType, number][]).map(([t, n]) => (n === 1 ? t : `${n} ${t}`)).join(', ');
    this.say(`EF ${design.map((units, i) => `F${i + 1}: ${text(units)}`).join('; ')}`);
    if (this.capital === null) return [];
    const capital = this.capital;
    return design.map((units, i) => ({
      id: `F${i + 1}`,
      loc: capital,
      refit: null,
      units: (Object.entries(units) as [UnitType, number][]).flatMap(([type, n]) =>
        Array.from({ length: n }, (_, k) => ({
          id: `${this.me.race}${UNITS[type].code}${k + 1}`,
          type,
          speedBonus: 0,
          hull: false,
        })),
      ),
    }));
  }

  /** Its fleets after this turn's merges and splits, which it orders here (§4.1 FLEET, MERGE). */
  private fleets(): Mine[] {
    const own = this.s.fleets.filter((f) => f.owner === this.me.id);
    const fleets: Mine[] = own.map((f: Fleet) => ({
      id: f.id,
      loc: f.loc,
      units: f.units,
      refit: f.refit,
    }));
    // Fleets that meet at a location join up, now and then (new units at a shipyard, mostly).
    const merged = new Set<Mine>();
    for (const f of fleets) {
      if (merged.has(f) || f.refit !== null) continue;
      const into = fleets.find((g) => g !== f && !merged.has(g) && g.refit === null && g.loc === f.loc);
      if (!into || !this.chance(2)) continue;
      this.say(`MERGE ${f.id} INTO ${into.id}`);
      into.units = [...into.units, ...f.units];
      merged.add(f);
    }
    const left = fleets.filter((f) => !merged.has(f));
    // While there is exploring to do, a fleet with frigates sends them ahead on their own.
    for (const f of [...left]) {
      const frigates = f.units.filter((u) => u.type === 'FF');
      const staying = f.units.filter((u) => u.type !== 'FF');
      const ships = staying.filter((u) => !UNITS[u.type].carried);
      const room = capacity(countsOf(staying));
      if (
        this.s.turn > EXPLORING_TURNS ||
        f.refit !== null ||
        frigates.length === 0 ||
        ships.length === 0 ||
        count(staying, 'MI') > room.mi ||
        count(staying, 'Ftr') > room.ftr ||
        !this.chance(3)
      )
        continue;
      const id = `F${this.nextSplit++}`;
      this.say(`FLEET ${id} FROM ${f.id}: ${frigates.map(unitRef).join(' ')}`);
      f.units = staying;
      left.push({ id, loc: f.loc, units: frigates, refit: null });
    }
    return left;
  }

  // ---- Phase E: trades (§4.1) ----

  private trades() {
    const s = this.s;
    for (const o of s.offers.filter((x) => x.to === this.me.id && x.turn === s.turn - 1 && !x.accepted)) {
      const cashOf = (items: TradeItem[]) =>
        items.reduce((n, i) => n + (i.kind === 'cash' ? i.amount : 0), 0);
      const cash = cashOf(o.get);
      const chits = o.get.every((i) => i.kind !== 'chit' || this.me.chits[i.chit] > 0);
      const cards = o.get.every((i) => i.kind !== 'card' || this.me.inPlay.includes(i.card));
      if (cash <= this.me.cash && chits && cards && this.chance(2)) {
        this.say(`ACCEPT ${o.id}`);
        this.budget += cashOf(o.give) - cash;
      }
    }
    if (this.others.length === 0 || !this.chance(6)) return;
    const to = this.rng.pick(this.others).name;
    const unique = this.me.inPlay.find((c) => TACTICS_CARDS[c].unique);
    if (unique !== undefined) this.say(`OFFER ${to} GIVE utc:${unique} FOR $${this.rng.int(5, 20)}`);
    else if (this.me.chits.BoB > 0) this.say(`OFFER ${to} GIVE chit:BoB FOR $${this.rng.int(3, 10)}`);
    else if (this.me.chits.RR > 0) this.say(`OFFER ${to} GIVE chit:RR`);
    else if (this.me.cash >= 10) this.say(`OFFER ${to} GIVE $${this.rng.int(2, 5)} FOR chit:BoB`);
  }

  // ---- Cards (§6.11, §8.2) ----

  private cards(fleets: Mine[]) {
    const s = this.s;
    if (!s.options.cards) return;
    const other = () => this.rng.pick(this.others);
    const played: string[] = [];
    for (const card of [...new Set(this.hand)]) {
      if (!this.chance(3)) continue;
      const line = this.play(card, fleets, other);
      if (line === null) continue;
      this.say(line);
      played.push(card);
    }
    for (const card of played) this.hand.splice(this.hand.indexOf(card), 1);
    if (this.hand.length >= 4) this.say(`TRADEIN TC ${this.hand[0]} ${this.hand[1]}`);
    if (this.budget >= 40 && this.chance(3)) {
      this.say('BUY TC');
      this.budget -= 10;
    }
    if (this.budget >= 30 && this.chance(5)) {
      this.say('BUY RISK');
      this.budget -= 10;
    }
  }

  /** A PLAY of a card of the hand that makes sense now, or null. */
  private play(card: string, fleets: Mine[], other: () => Player): string | null {
    const s = this.s;
    const yards = shipyardsOf(s, this.me.id);
    const someone = this.others.length > 0;
    switch (card) {
      case 'GALACTIC_SPIRIT':
        return s.stimulus === 'UNNATURAL_DISASTER' || s.stimulus === 'INTERLUDE'
          ? `PLAY GALACTIC_SPIRIT${this.chance(2) ? ' WHEN stimulusDrawn:any' : ''}`
          : null;
      case 'MILITARY_FLEXES_ITS_POWER':
        return 'PLAY MILITARY_FLEXES_ITS_POWER';
      case 'BENEVOLENCE':
        return yards.length > 0 && someone ? `PLAY BENEVOLENCE player=${other().name}` : null;
      case 'PROTOTYPE_SUPER_BB':
        return this.capital === null
          ? null
          : `PLAY PROTOTYPE_SUPER_BB${this.chance(2) ? ` at=${this.capital}` : ''}`;
      case 'MASTER_THIEF': {
        const victim = this.others.find((p) => p.hand.length > 0);
        return victim ? `PLAY MASTER_THIEF player=${victim.name} wants=BENEVOLENCE,PROTOTYPE_SUPER_BB` : null;
      }
      case 'SUPERWEAPON':
        return this.capital === null ? null : `PLAY SUPERWEAPON planet=${this.capital}`;
      case 'SUPERIOR_MANEUVERS': {
        // A fleet that exists when phase G begins: not one the EF order forms.
        const f =
          s.turn > 1
            ? fleets.find((x) => this.s.fleets.some((y) => y.owner === this.me.id && y.id === x.id))
            : undefined;
        const ships = f?.units.filter((u) => !UNITS[u.type].carried && UNITS[u.type].dice > 0).slice(0, 3);
        return f && ships && ships.length > 0
          ? `PLAY SUPERIOR_MANEUVERS fleet=${f.id} ships=${ships.map(unitRef).join(',')} WHEN battleStart:${f.id}`
          : null;
      }
      case 'INTERNAL_INTRIGUE': {
        const enemy = s.fleets.find((f) => this.others.some((p) => p.id === f.owner));
        const name = enemy && this.others.find((p) => p.id === enemy.owner)?.name;
        return enemy && name ? `PLAY INTERNAL_INTRIGUE player=${name} fleet=${enemy.id}` : null;
      }
      case 'DIPLOMATIC_SUCCESS':
        return s.turn <= EXPLORING_TURNS ? 'PLAY DIPLOMATIC_SUCCESS WHEN encounter:PIRATE_FLEET' : null;
      case 'COUNTER_AGENT':
        return this.chance(2) ? 'PLAY COUNTER_AGENT WHEN enemyPlays:any' : null;
      default:
        return null;
    }
  }

  // ---- Phase F: placing last turn's units (§6.5) ----

  private placements() {
    const s = this.s;
    const room = new Map<FleetId, number>();
    for (const b of s.queue.filter((x) => x.owner === this.me.id && x.turn < s.turn)) {
      // A CV and its Ftr form one new fleet by default: they are left to it.
      if (b.unit === 'CV' || b.unit === 'Ftr' || UNITS[b.unit].planetary) continue;
      const here = s.fleets.filter((f) => f.owner === this.me.id && f.loc === b.at && f.refit === null);
      if (b.unit === 'MI') {
        const f = here.find(
          (x) => (room.get(x.id) ?? capacity(countsOf(x.units)).mi - count(x.units, 'MI')) > 0,
        );
        if (!f) continue;
        room.set(f.id, (room.get(f.id) ?? capacity(countsOf(f.units)).mi - count(f.units, 'MI')) - 1);
        this.say(`PLACE ${b.id} AT ${b.at} FLEET ${f.id}`);
      } else if (here.length > 0 && this.chance(2)) this.say(`PLACE ${b.id} AT ${b.at} FLEET ${here[0].id}`);
      else if (this.chance(4)) this.say(`PLACE ${b.id} AT ${b.at}${this.chance(2) ? ' FLEET NEW' : ''}`);
    }
  }

  // ---- Phase G: paths, MI aboard, bombardment (§4.1, §6.2) ----

  private movements(fleets: Mine[]) {
    const s = this.s;
    const g = graphOf(s);
    const chart = chartOf(s);
    for (const f of fleets) {
      const speed = fleetSpeed(f.units);
      const steps = opportunities(chart, speed);
      if (steps.length === 0) continue;
      const came = routes(g, f.loc);
      // Incomplete hulls go to be finished at the nearest own SY (§6.5).
      const target =
        f.refit !== null && f.refit < s.turn
          ? this.refitAt(f.refit, came)
          : f.units.some((u) => u.hull)
            ? this.nearest(shipyardsOf(s, this.me.id), came)
            : this.target(f, came);
      const planet = s.locations[f.loc]?.planet;
      const room = capacity(countsOf(f.units)).mi - count(f.units, 'MI');
      // Garrison MI come aboard at the end of segment 1: a fleet moving in it stays for them.
      const embark = s.turn > 1 && planet?.owner === this.me.id && planet.mi.length > 0 && room > 0;
      if (embark) this.say(`EMBARK ${f.id} MI ${Math.min(room, planet.mi.length)} FROM ${f.loc}`);
      else if (
        planet &&
        planet.owner === this.me.id &&
        planet.mi.length === 0 &&
        planet.homeguard.length === 0 &&
        count(f.units, 'MI') > 1 &&
        target === null
      )
        this.say(`DISEMBARK ${f.id} MI 1 TO ${f.loc}`);
      if (target === null) {
        this.bombard(f);
        continue;
      }
      const path: (LocId | null)[] = pathTo(came, target);
      if (embark && steps[0] === 1) path.unshift(null);
      if (path.length > steps.length) path.length = steps.length;
      this.say(`MOVE ${f.id} ${path.map((x) => x ?? '-').join(' ')}`);
    }
  }

  /**
   * A fleet whose CV fell short of Ftr heads for its nearest shipyard the turn after, and for its
   * nearest planet from then on (§6.5 CV rule); it stays once there, or where there is none.
   */
  private refitAt(since: number, came: Routes): LocId | null {
    return this.nearest(
      since === this.s.turn - 1
        ? shipyardsOf(this.s, this.me.id)
        : ownPlanets(this.s, this.me.id).map((x) => x.loc),
      came,
    );
  }

  /** The nearest of `targets` by the routes, or null when the fleet is at one or none is reached. */
  private nearest(targets: LocId[], came: Routes): LocId | null {
    const d = (l: LocId) => came.get(l)?.d ?? Infinity;
    const [to] = [...targets].sort((a, b) => d(a) - d(b));
    return to === undefined || d(to) === 0 || d(to) === Infinity ? null : to;
  }

  /**
   * Where a fleet goes: the nearest of the unexplored locations, the worlds nobody holds that it can
   * take and the enemy worlds it can take (weighed by distance, worlds first), now and then the
   * second best; with none, home. Null: it stays.
   */
  private target(f: Mine, came: Routes): LocId | null {
    const s = this.s;
    const power = unitsValue(f.units);
    const mi = count(f.units, 'MI');
    const options: { loc: LocId; score: number }[] = [];
    for (const [loc, { d }] of came) {
      if (d === 0 || this.claimed.has(loc)) continue;
      const l = s.locations[loc];
      const p = l.planet;
      if (!l.explored) options.push({ loc, score: s.turn <= EXPLORING_TURNS ? d : d * 3 });
      if (!p || p.owner === this.me.id) continue;
      const enemies = s.fleets.filter((x) => x.loc === loc && x.owner !== this.me.id);
      const against = unitsValue([...defenders(p), ...enemies.flatMap((x) => x.units)]);
      // The garrison must fall to the MI aboard (§7.2), and the rest to the fleet.
      const garrison = p.mi.length + p.homeguard.length;
      const takes = power >= ODDS * against && (garrison === 0 || mi > garrison);
      if (!takes) continue;
      if (p.owner === null) options.push({ loc, score: d - 1 });
      else if (s.turn >= 3) options.push({ loc, score: d - (p.main ? 3 : 2) });
    }
    options.sort((a, b) => a.score - b.score);
    const pick = options.length > 1 && this.chance(4) ? options[1] : options[0];
    if (pick) {
      this.claimed.add(pick.loc);
      return pick.loc;
    }
    return this.capital !== null && this.capital !== f.loc && came.has(this.capital) ? this.capital : null;
  }

  /** A BB of a fleet staying at a planet of another with MI and nothing else fires on them (§6.8). */
  private bombard(f: Mine) {
    const p = this.s.locations[f.loc]?.planet;
    const bb = f.units.find((u) => u.type === 'BB');
    if (!p || !bb || p.owner === this.me.id || p.mi.length + p.homeguard.length === 0) return;
    if (p.gbds.length > 0 || p.ods || p.natives.length > 0) return;
    this.say(`BOMBARD ${f.id}.${unitRef(bb)} ${f.loc}`);
  }

  // ---- Stances (§4.2) ----

  private stances(fleets: Mine[]) {
    if (this.s.turn === 1 && this.chance(2))
      this.say(`STANCE DEFAULT neutral=auto captureSY=${this.chance(3) ? 'destroy' : 'keep'}`);
    for (const f of fleets) {
      if (!this.chance(12)) continue;
      this.say(
        this.rng.pick([
          `STANCE ${f.id} alloc=priority:Ftr,TT,FF,DD,CA,CV,BB`,
          `STANCE ${f.id} neutral=fight continueAfterBattle=no`,
          `STANCE ${f.id} neutral=leave allyPreference=none`,
          `STANCE ${f.id} alloc=minLoss invade=yes occupy=yes`,
        ]),
      );
    }
    if (this.capital !== null && this.chance(15))
      this.say(`PLANET ${this.capital} defenseMode=${this.chance(2) ? 'space' : 'orbital'} scuttleSY=yes`);
  }

  // ---- Phase J: finishing hulls and buying units (§6.5) ----

  private builds() {
    const s = this.s;
    const gromar = this.me.race === 'M';
    const yards = shipyardsOf(s, this.me.id).filter((l) => !s.locations[l].planet?.blockaded);
    const planets = ownPlanets(s, this.me.id);
    const queued = (loc: LocId, type: UnitType) =>
      s.queue.filter((b) => b.at === loc && b.unit === type).length;
    // The limit as phase J will see it: under this turn's Stimulus card, not the last one's (§6.11).
    const gbdsLimit = (p: Planet) =>
      Math.max(1, p.r ?? 0) + (s.stimulus === 'LIGHT_AGAINST_DARKNESS' ? 1 : 0);
    const gbdsRoom = new Map(
      planets.map(({ loc, planet }) => [loc, gbdsLimit(planet) - planet.gbds.length - queued(loc, 'GBDS')]),
    );
    // Hulls at a free own SY are finished first, now and then one left for later (§6.5 FINISH).
    for (const f of s.fleets.filter((x) => x.owner === this.me.id && yards.includes(x.loc)))
      for (const u of f.units.filter((x) => x.hull)) {
        const cost = HULLS[u.type]?.finish ?? Infinity;
        if (cost > this.budget || this.chance(4)) continue;
        this.say(`FINISH ${unitRef(u)} AT ${f.loc}`);
        this.budget -= cost;
      }
    let yardBought = false;
    for (let i = 0; i < 8 && this.budget >= 3; i++) {
      const roll = this.rng.int(1, 10);
      if (yards.length > 0 && roll <= 6) {
        const type = this.rng.pick((gromar ? GROMAR_SHIPS : SHIPS).filter((t) => available(this.me.race, t)));
        const at = this.rng.pick(yards);
        const cost = type === 'CV' ? UNITS.CV.cost + 4 * UNITS.Ftr.cost : UNITS[type].cost;
        const n = Math.min(3, Math.floor(this.budget / cost));
        if (n === 0) continue;
        // The count written either way: `BUILD CA 2 AT …` or `BUILD CA AT … x2`.
        const suffix = n > 1 && this.chance(2);
        const counted = n > 1 && !suffix ? ` ${n}` : '';
        const fighters = type === 'CV' ? ' WITH Ftr 4' : '';
        this.say(`BUILD ${type}${counted}${fighters} AT ${at}${suffix ? ` x${n}` : ''}`);
        this.budget -= n * cost;
        if (type === 'TT' && this.budget >= 4) {
          this.say(`BUILD MI AT ${at} x4`);
          this.budget -= 4;
        }
      } else if (roll <= 8 && this.capital !== null) {
        this.say(`BUILD MI AT ${this.capital} x2`);
        this.budget -= 2;
      } else if (roll === 9) {
        const at = [...gbdsRoom].find(([, n]) => n > 0)?.[0];
        if (at === undefined) continue;
        gbdsRoom.set(at, (gbdsRoom.get(at) ?? 0) - 1);
        this.say(`BUILD GBDS AT ${at}`);
        this.budget -= UNITS.GBDS.cost;
      } else if (!yardBought && this.budget >= UNITS.SY.cost + 10) {
        const site = planets.find(
          ({ loc, planet }) =>
            planet.shipyards.length + queued(loc, 'SY') < limitOf(s, planet, 'SY') && (planet.r ?? 0) >= 3,
        );
        if (!site) continue;
        yardBought = true;
        this.say(`BUILD SY AT ${site.loc}`);
        this.budget -= UNITS.SY.cost;
      }
    }
  }
}

const countsOf = (units: readonly Unit[]): UnitCounts => {
  const counts: UnitCounts = {};
  for (const u of units) counts[u.type] = (counts[u.type] ?? 0) + 1;
  return counts;
};
