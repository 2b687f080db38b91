import { byFirstIn, interlude, rollResource, unitOf, unitsValue } from './combat';
import { compareUnitIds, newUnitIds, playerById, stanceOf, unitList } from './evolve';
import { hexKey, hexOf, type LocId } from './hex';
import type { EncounterRecord, Fleet, GdState, PlayerId, Turn, Unit, UnitId } from './state';
import {
  fleetSpeed,
  neutralForces,
  NPC_RACE,
  npcFleet,
  UNIT_TYPES,
  UNITS,
  type EncounterCard,
  type UnitCounts,
} from './tables';

/**
 * Encounter cards (digest §6.6) and what they bring: Free and Neutral Worlds (§6.3), Pirate and
 * Hostile-Alien fleets (§6.4), Special Encounters and Friendly Fleets.
 *
 * The RNG is drawn in this order for one draw: a reshuffle of the discards when the pile is empty;
 * then the card's own dice: Free World 2d6 (R); Neutral World its die (d6 in turns 1–3); Pirate and
 * Hostile Alien d6; Special Encounter d6 (a second d6 for a repeat), then Ally's 2d6 (R); Friendly
 * Fleet d6 (its d3); Frontier d6, then the dice of the card it turns into.
 */

/** Encounter cards are drawn in turns 1–3 only (§6.6); later an unexplored hex is just explored. */
export const ENCOUNTER_TURNS = 3;

const d6 = (t: Turn) => t.rng.int(1, 6);
const d10 = (t: Turn) => t.rng.int(1, 10);

/** The Neutral World forces' die (§6.3): d6 in turns 1–3, d10 in 4–6, d10 + d6 after. */
export const neutralRoll = (t: Turn): number =>
  t.state.turn <= 3 ? d6(t) : t.state.turn <= 6 ? d10(t) : d10(t) + d6(t);

/** Ids for a set of units, by type in the canonical order. */
const idsFor = (s: GdState, race: string, counts: UnitCounts): UnitId[] =>
  UNIT_TYPES.flatMap((type) => newUnitIds(s, race, type, counts[type] ?? 0));

/** "1 CA, 2 FF" in the canonical order. */
export const countsText = (counts: UnitCounts): string =>
  UNIT_TYPES.filter((type) => (counts[type] ?? 0) > 0)
    .map((type) => `${counts[type]} ${type}`)
    .join(', ') || 'nothing';

/** Friendly Fleet by d3 (+3 for a fleet slower than 3) (§6.6). */
const FRIENDLY: UnitCounts[] = [
  { FF: 3 },
  { CV: 1, Ftr: 4 },
  { TT: 1, MI: 2, FF: 2 },
  { DD: 2 },
  { CA: 1, DD: 1 },
  { BB: 1, MI: 1 },
];
/** §11.16: the Gromar, who have no CV, get RA + FF for a 2. */
const GROMAR_FRIENDLY_2: UnitCounts = { RA: 1, FF: 1 };
const ALLY_SHIPS: UnitCounts = { CA: 1, DD: 1, FF: 1 };
const SPECIAL_SHIP: Record<'BB' | 'CV', UnitCounts> = { BB: { BB: 1, MI: 2 }, CV: { CV: 1, Ftr: 6 } };
const SPECIALS = ['Ally', 'Ship', 'Secret Shipyard Experiment', 'HIED', 'BoB chit', 'RR chit'];

type Found = Pick<EncounterRecord, 'roll' | 'result' | 'npc'>;

/**
 * The Encounter card of a fleet of `player` ending segment `segment` in the unexplored hex of
 * `loc` (§6.6): one draw for the hex, by its first-in fleet's owner (the caller picks him). The hex
 * is explored either way; from turn 4 on nothing is drawn. The card concerns that player's first-in
 * fleet there: units it brings join it. Pirates and aliens are only named in the Encountered event;
 * resolveLocation fights them in the same segment, and they vanish after (§10 #21).
 */
export function drawEncounter(t: Turn, player: PlayerId, loc: LocId, _segment: number): void {
  const s = t.state;
  const hex = hexKey(hexOf(loc));
  const fleet = s.fleets.filter((f) => f.owner === player && f.loc === loc).sort(byFirstIn(s))[0];
  if (s.turn > ENCOUNTER_TURNS || !fleet) {
    t.emit('HexExplored', { hex });
    return;
  }
  if (s.decks.encounter.draw.length === 0)
    t.emit('DeckShuffled', { deck: 'encounter', cards: t.rng.shuffle(s.decks.encounter.discard) });
  const card = s.decks.encounter.draw[0] as EncounterCard;
  t.emit('CardDrawn', { deck: 'encounter', player, card });
  t.emit('HexExplored', { hex });
  const found = playCard(t, card, fleet);
  t.emit('Encountered', { player, fleet: fleet.id, loc, card, ...found });
}

function playCard(t: Turn, card: EncounterCard, fleet: Fleet): Found {
  switch (card) {
    case 'NO_ENCOUNTER':
      return { roll: null, result: 'No encounter', npc: [] };
    case 'FREE_WORLD':
      return { roll: null, result: freeWorld(t, fleet), npc: [] };
    case 'NEUTRAL_WORLD':
      return neutralWorld(t, fleet);
    case 'PIRATE_FLEET':
      return npcEncounter(t, fleet, true);
    case 'HOSTILE_ALIEN_FLEET':
      return npcEncounter(t, fleet, false);
    case 'SPECIAL_ENCOUNTER':
      return special(t, fleet);
    case 'FRIENDLY_FLEET':
      return friendly(t, fleet);
    case 'FRONTIER': {
      // §6.6 Decision: 1–3 Free, 4–5 Neutral, 6 Pirate.
      const roll = d6(t);
      const then: Found =
        roll <= 3
          ? { roll: null, result: freeWorld(t, fleet), npc: [] }
          : roll <= 5
            ? neutralWorld(t, fleet)
            : npcEncounter(t, fleet, true);
      const sub = then.roll === null ? '' : ` (d6 ${then.roll})`;
      return { roll, result: `Frontier: ${then.result}${sub}`, npc: then.npc };
    }
  }
}

/** A planet found in the fleet's hex (never split: split hexes start explored). */
function placeWorld(t: Turn, fleet: Fleet, kind: 'free' | 'neutral') {
  const name = `${kind === 'free' ? 'Free' : 'Neutral'} World ${fleet.loc}`;
  t.emit('WorldPlaced', { loc: fleet.loc, name, kind, home: null, main: false, owner: null, r: null });
}

/** A Free World joins the drawer at once with its R; under Interlude it waits unclaimed (§6.6). */
function freeWorld(t: Turn, fleet: Fleet): string {
  placeWorld(t, fleet, 'free');
  if (interlude(t.state)) return 'Free World (unclaimed: Interlude)';
  const r = rollResource(t);
  t.emit('WorldClaimed', { loc: fleet.loc, owner: fleet.owner, r });
  return `Free World, R${r}`;
}

/**
 * A Neutral World and its forces (§6.3, GD-4): ships as natives, GBDS and MI on the planet. The
 * drawer's Diplomatic Success (§6.11) makes it a Free World instead, before its forces are rolled,
 * and is spent (Decision: whatever encounter its trigger names, it waits for a Neutral World).
 */
function neutralWorld(t: Turn, fleet: Fleet): Found {
  const diplomacy = t.state.effects.find((e) => e.card === 'DIPLOMATIC_SUCCESS' && e.player === fleet.owner);
  if (diplomacy) {
    const { card, player, params } = diplomacy;
    t.emit('EffectEnded', { card, player, params });
    return {
      roll: null,
      result: `Neutral World won over by Diplomatic Success: ${freeWorld(t, fleet)}`,
      npc: [],
    };
  }
  const roll = neutralRoll(t);
  const forces = neutralForces(roll);
  placeWorld(t, fleet, 'neutral');
  const units = idsFor(t.state, NPC_RACE, forces);
  t.emit('UnitsCreated', { owner: null, loc: fleet.loc, fleet: null, units, homeguard: false, hull: false });
  t.emit('NativesRevealed', { loc: fleet.loc, to: [fleet.owner] });
  return { roll, result: `Neutral World: ${countsText(forces)}`, npc: [] };
}

/**
 * A Pirate or Hostile-Alien fleet of d6 + turn (§6.4, GD-5). A BoB chit turns a pirate fleet away
 * once its contents are seen: used at once when the pirates are worth more than the fleet (§6.6
 * Decision); never against aliens.
 */
function npcEncounter(t: Turn, fleet: Fleet, pirate: boolean): Found {
  const s = t.state;
  const roll = d6(t);
  const counts = npcFleet(roll + s.turn);
  const what = `${pirate ? 'Pirate Fleet' : 'Hostile Alien Fleet'}: ${countsText(counts)}`;
  const npc = idsFor(s, NPC_RACE, counts);
  if (
    pirate &&
    playerById(s, fleet.owner).chits.BoB > 0 &&
    unitsValue(npc.map(unitOf)) > unitsValue(fleet.units)
  ) {
    t.emit('ChitUsed', { player: fleet.owner, chit: 'BoB' });
    return { roll, result: `${what}, turned away by a BoB chit`, npc: [] };
  }
  return { roll, result: what, npc };
}

/** New units of the fleet owner's race join the fleet. */
function join(t: Turn, fleet: Fleet, counts: UnitCounts) {
  const race = playerById(t.state, fleet.owner).race;
  const units = idsFor(t.state, race, counts);
  if (units.length > 0)
    t.emit('UnitsCreated', {
      owner: fleet.owner,
      loc: fleet.loc,
      fleet: fleet.id,
      units,
      homeguard: false,
      hull: false,
    });
}

/** §6.6 Friendly Fleet: d3 for a fleet of speed 3 or more, d3 + 3 for a slower one (§10 #10). */
function friendly(t: Turn, fleet: Fleet): Found {
  const roll = Math.ceil(d6(t) / 2) + (fleetSpeed(fleet.units) >= 3 ? 0 : 3);
  const gromar = playerById(t.state, fleet.owner).race === 'M';
  const counts = roll === 2 && gromar ? GROMAR_FRIENDLY_2 : FRIENDLY[roll - 1];
  join(t, fleet, counts);
  return { roll, result: `Friendly Fleet: ${countsText(counts)}`, npc: [] };
}

/**
 * §6.6 Special Encounter, d6 in the list order (§10 #9); one already had is re-rolled once
 * (Decision: always).
 */
function special(t: Turn, fleet: Fleet): Found {
  const s = t.state;
  const player = playerById(s, fleet.owner);
  let roll = d6(t);
  if (player.specials.includes(roll)) roll = d6(t);
  t.emit('SpecialHad', { player: player.id, special: roll });
  const result = `Special Encounter: ${SPECIALS[roll - 1]}`;
  switch (roll) {
    case 1: {
      // Decision: the Ally joins even under Interlude: it is not occupied, it welcomes the player.
      placeWorld(t, fleet, 'free');
      const r = rollResource(t);
      t.emit('WorldClaimed', { loc: fleet.loc, owner: player.id, r });
      const gbds = newUnitIds(s, player.race, 'GBDS', 1);
      t.emit('UnitsCreated', {
        owner: player.id,
        loc: fleet.loc,
        fleet: null,
        units: gbds,
        homeguard: false,
        hull: false,
      });
      join(t, fleet, ALLY_SHIPS);
      return {
        roll,
        result: `${result}, a Free World R${r} with 1 GBDS; ${countsText(ALLY_SHIPS)} join`,
        npc: [],
      };
    }
    case 2: {
      // The Gromar have no CV: they always take the BB.
      const ship = player.race === 'M' ? 'BB' : stanceOf(s, fleet).specialShip;
      join(t, fleet, SPECIAL_SHIP[ship]);
      return { roll, result: `${result}, ${countsText(SPECIAL_SHIP[ship])} join`, npc: [] };
    }
    case 3:
      t.emit('SseFounded', { loc: fleet.loc, owner: player.id });
      return { roll, result, npc: [] };
    case 4: {
      const unit = hiedShip(fleet);
      if (unit) t.emit('SpeedRaised', { unit: unit.id });
      return { roll, result: unit ? `${result}, fitted to ${unitList([unit.id])}` : result, npc: [] };
    }
    default:
      t.emit('ChitGained', { player: player.id, chit: roll === 5 ? 'BoB' : 'RR' });
      return { roll, result, npc: [] };
  }
}

/** HIED's ship (§6.6 Decision): the slowest, ties → the most expensive, then the lowest id. */
function hiedShip(fleet: Fleet): Unit | undefined {
  const speed = (u: Unit) => UNITS[u.type].speed + u.speedBonus;
  return fleet.units
    .filter((u) => !UNITS[u.type].carried)
    .sort(
      (a, b) => speed(a) - speed(b) || UNITS[b.type].cost - UNITS[a.type].cost || compareUnitIds(a.id, b.id),
    )[0];
}
