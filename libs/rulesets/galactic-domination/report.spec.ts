import { pageColumns } from '../hostile';
import { PAGE_WIDTH } from '../printout';
import { checkOrders } from './check';
import { withCash } from './economy-fixtures';
import { playerById, unitList } from './evolve';
import { parseOrders } from './orders';
import { report } from './report';
import type { GdState, PlayerId } from './state';
import { ADA, afterTurn1, BOB, eventful, game, played } from './view-fixtures';

/** The printout (digest §8.1, §8.3): it fits the page, reads well from the first turn, and pushes news. */

const tooWide = (text: string) => text.split('\n').filter((l) => pageColumns(l) > PAGE_WIDTH);
const text = (...args: Parameters<typeof report>) => report(...args)!.text;

describe('the printout of a fresh game', () => {
  const printout = text(game(), ADA);

  it('opens with the empire, the turn, the Stimulus card and how the Exploration Fleet comes', () => {
    expect(printout.split('\n').slice(0, 3)).toEqual([
      'GALACTIC DOMINATION                                                 Turn 1 of 10',
      'Empire ADA, Gazegi Expanse                                           Seat 1 of 2',
      'The game begins: orders for turn 1                              0 VP, $0 in hand',
    ]);
    expect(printout).toMatch(/Stimulus card of turn 1: [A-Z_]+: /);
    expect(printout).toContain('appears at your capital 0,2 in phase F');
    expect(printout).toContain('EF F1: BB, 2 CA, DD, TT, 5 MI');
    // Nothing has happened yet.
    for (const part of ['ORDERS RECEIVED', 'MOVEMENT', 'BATTLES', 'ENCOUNTERS', 'NEWS'])
      expect(printout).not.toContain(part);
  });

  it('shows the hand, the worlds, the hex map and the standings', () => {
    expect(printout).toContain('YOUR TACTICS CARDS (3)');
    expect(printout).toContain('0,2       Gazegi Prime     Capital  ADA    12     2   1  0+2');
    expect(printout).toContain('8,3       Introkian Prime  Capital  BOB    12     2   1  -');
    expect(printout).toContain('0,2 Gazegi Prime: main capital, ODS Battle Fortress');
    // Row 2 of the map: ADA's capital at 0,2, its other system split at 2,2.
    expect(printout).toContain('-1,2  0,2   1,2   2,2   3,2');
    expect(printout).toMatch(/\n \. {5}G {5}\. {5}GG {4}/);
    expect(printout).toContain('Races: G Gazegi (ADA), I Introkian (BOB)');
    expect(printout).toContain('   1  ADA     Gazegi      0        20       3       0      3');
  });

  it('has no notices', () => {
    expect(report(game(), ADA)!.notices).toEqual([]);
  });
});

describe('the printout of a turn', () => {
  it('echoes every order with its outcome, the moves by segment and the Stellars in and out', () => {
    const printout = text(afterTurn1(), ADA);
    expect(printout).toContain('Turn 1 resolved: orders for turn 2');
    expect(printout).toMatch(/ {3}4 {2}HELLO {2,}rejected: /);
    expect(printout).toContain('Segment 1: F1 0,2 -> 1,2');
    expect(printout).toContain('Segment 3: F1 2,1 -> 3,1, BOB F1 8,3 -> 7,3');
    expect(printout).toMatch(/build {2,}-2\n/);
    expect(printout).toMatch(/B1 {5}GBDS {2}0,2 {2,}1\n/);
    expect(printout).toContain('F1     3,1           3  FF1-3, CV1, TT1, Ftr1-12, MI3-5  1,2 -> 2,1 -> 3,1');
    expect(printout).toContain('BOB     F1     7,3           2  not seen');
  });

  it('shows a battle in full to those in it, its result to the others, and the VP scored', () => {
    const ada = text(eventful(), ADA);
    expect(ada).toContain('Space battle at 4,2, segment 2: ADA against NPC; you won');
    expect(ada).toContain('ADA   DD1, CA1, TT1, MI1-2  DD1                4');
    expect(ada).toContain('Hits by round (ADA, NPC): 1: 3-2, 2: 9-2');
    const bob = text(eventful(), BOB);
    expect(bob).toContain('Space battle at 4,2, segment 2: ADA against NPC; ADA won. Losses: ADA $4,');
    expect(bob).not.toContain('Hits by round');
    for (const t of [ada, bob]) expect(t).toContain('ADA: +2 VP for the space battle at 4,2');
    expect(bob).toContain('4,2: ADA F1: found Neutral World 4,2');
    expect(ada).toContain('4,2: F1 drew NEUTRAL_WORLD (d6 3): Neutral World: 1 DD, 1 GBDS, 1 MI');
    expect(ada).toContain('Offer O1 from BOB (turn 1): $5 for a RR chit; open: ACCEPT O1 in turn 2');
  });

  it('says who won a battle the reader was not in', () => {
    const s = structuredClone(eventful());
    s.log.battles.push({
      loc: '7,3',
      segment: 3,
      kind: 'orbital',
      sides: [
        { players: [BOB], units: ['IF1'], lost: ['IF1'], losses: 2 },
        { players: [], units: ['XM9'], lost: [], losses: 0 },
      ],
      hits: [[0, 1]],
      dice: [],
      winner: 1,
    });
    expect(text(s, ADA)).toContain('Orbital battle at 7,3, segment 3: BOB against NPC; NPC won. Losses:');
    expect(text(s, BOB)).toContain('Orbital battle at 7,3, segment 3: BOB against NPC; you lost');
  });

  it('prints paths with arrows, a stay as such', () => {
    expect(text(eventful(), BOB)).toMatch(/F2 +7,3 .* 6,3 -> stay -> 5,3\n/);
  });

  it('never splits a location over two lines', () => {
    const s = structuredClone(eventful());
    s.log.results[ADA].push([2, `PLAY INTERNAL_INTRIGUE player=${'B'.repeat(24)} fleet=F1`, 'done', '']);
    s.log.results[ADA].push([3, 'MOVE F1 3,3 4,3', 'rejected', 'NOT_ADJACENT: 3,3 is not next to 1,4']);
    s.log.notes.push({ player: ADA, text: `${'x'.repeat(74)} 12,-3 is far` });
    const printout = text(s, ADA);
    expect(printout).toMatch(/rejected: NOT_ADJACENT: 3,3 is not\n +next to 1,4\n/);
    expect(printout).toContain(' 12,-3\n  is far\n');
    expect(printout).not.toMatch(/\d,\n/);
  });

  it('pushes combat, encounters, the cards others played and contact', () => {
    expect(report(eventful(), ADA)!.notices).toEqual([
      { kind: 'combat', text: 'Space battle at 4,2: you won' },
      { kind: 'news', text: 'Encounter at 4,2: Neutral World: 1 DD, 1 GBDS, 1 MI' },
      { kind: 'news', text: `BOB played ${eventful().log.played[0].card}` },
      { kind: 'contact', text: "You have sighted BOB's F1 at 3,2" },
    ]);
    expect(report(eventful(), BOB)!.notices).toEqual([
      { kind: 'news', text: 'Encounter at 7,3: Special Encounter: HIED, fitted to FF1' },
    ]);
  });

  it('is null for someone not in the game', () => {
    expect(report(game(), 'nobody')).toBeNull();
  });
});

describe('offers (§4.1 phase E: made in turn N, accepted in turn N + 1 or lapsed)', () => {
  /** The printout's lines run together as one (wrapping aside). */
  const flat = (s: GdState, id: PlayerId) => text(s, id).replace(/\s+/g, ' ');
  /** Turn 2 played on `start` (turn 1 played): ADA offers BOB `terms`. */
  const offered = (terms = '$5 FOR chit:BoB', start = afterTurn1()) =>
    played(withCash(start, ADA, 20), { [ADA]: `OFFER BOB GIVE ${terms}`, [BOB]: '' });
  const ada = 'Offer O1 to BOB (turn 2): $5 for a BoB chit;';
  const bob = 'Offer O1 from ADA (turn 2): $5 for a BoB chit;';

  it('an offer made is open to both sides, with the turn it may be accepted in', () => {
    const s = offered();
    expect(flat(s, ADA)).toContain(`${ada} open: BOB may ACCEPT O1 in turn 3`);
    expect(flat(s, BOB)).toContain(`${bob} open: ACCEPT O1 in turn 3`);
  });

  it('an acceptance that failed shows the offer failed to both sides, no longer open', () => {
    // BOB has no BoB chit to give.
    const s = played(offered(), { [BOB]: 'ACCEPT O1' });
    expect(flat(s, ADA)).toContain(`${ada} failed: accepted in turn 3, not traded`);
    expect(flat(s, BOB)).toContain(`${bob} failed: accepted in turn 3, not traded`);
    for (const id of [ADA, BOB]) expect(flat(s, id)).not.toMatch(/open|ACCEPT O1 in/);
  });

  it('an offer not accepted in its turn lapses, told once, then is gone', () => {
    const s = played(offered(), {});
    expect(flat(s, ADA)).toContain(`${ada} lapsed: not accepted in turn 3`);
    expect(flat(s, BOB)).toContain(`${bob} lapsed: not accepted in turn 3`);
    const later = played(s, {});
    for (const id of [ADA, BOB]) expect(flat(later, id)).not.toContain('Offer O1');
  });

  it('a traded offer is told once, then is gone', () => {
    // The second ACCEPT is refused (traded already): the offer still reads as traded.
    const s = played(offered('$5'), { [BOB]: 'ACCEPT O1\nACCEPT O1' });
    expect(s.log.results[BOB].map(([, , outcome]) => outcome)).toEqual(['done', 'rejected']);
    expect(flat(s, ADA)).toContain('Offer O1 to BOB (turn 2) traded in phase E: you gave $5 and got nothing');
    for (const id of [ADA, BOB]) expect(flat(played(s, {}), id)).not.toContain('Offer O1');
  });

  it('an offer that asks for nothing says so', () => {
    const s = offered('$5');
    expect(flat(s, ADA)).toContain('Offer O1 to BOB (turn 2): $5 for nothing; open');
    expect(flat(s, BOB)).toContain('Offer O1 from ADA (turn 2): $5 for nothing; open');
  });

  it('an offer made in the last turn lapses with the game', () => {
    const short = played(game({ race1: 'Gazegi', race2: 'Introkian', turns: 2 }), {});
    const s = offered(undefined, short);
    expect(s.ended).toBe(true);
    expect(flat(s, ADA)).toContain(`${ada} lapsed: not accepted`);
    expect(flat(s, ADA)).not.toContain(`${ada} lapsed: not accepted in`);
  });

  it('an offer whose recipient was eliminated later in its turn lapses: the recipient is out', () => {
    const s = offered();
    // Eliminated in the same turn (in a game of more than two, it goes on).
    playerById(s, BOB).eliminated = true;
    expect(flat(s, ADA)).toContain(`${ada} lapsed: BOB is out of the game`);
    expect(flat(s, ADA)).not.toContain('ACCEPT O1');
  });

  it('an offer whose offerer was eliminated later in its turn lapses at once: the offerer is out', () => {
    const s = offered();
    playerById(s, ADA).eliminated = true;
    expect(flat(s, BOB)).toContain(`${bob} lapsed: ADA is out of the game`);
    // Its news of turn 2 still says ACCEPT O1 next turn; the offer line no longer does.
    expect(flat(s, BOB)).not.toContain(`${bob} open`);
    // An ACCEPT of it anyway: the order check gives the answer phase E gives, and no trade is tried.
    const refused = 'NOT_OWNED: ADA is out of the game';
    expect(checkOrders(s, BOB, parseOrders('ACCEPT O1').orders)).toEqual([
      { line: 1, severity: 'error', message: refused },
    ]);
    const later = played(s, { [BOB]: 'ACCEPT O1\nACCEPT O1' });
    expect(later.log.results[BOB]).toEqual([
      [1, 'ACCEPT O1', 'rejected', refused],
      [2, 'ACCEPT O1', 'rejected', refused],
    ]);
    expect(flat(later, BOB)).toContain(`${bob} lapsed: ADA is out of the game`);
    expect(flat(later, BOB)).not.toContain('failed');
  });

  it('an offer accepted in its turn, not traded, and its offerer eliminated after reads as failed', () => {
    // BOB has no BoB chit to give; ADA is knocked out later in turn 3.
    const s = played(offered(), { [BOB]: 'ACCEPT O1' });
    playerById(s, ADA).eliminated = true;
    expect(flat(s, BOB)).toContain(`${bob} failed: accepted in turn 3, not traded`);
  });

  it('a game without cards prints the chits and the offers, and no cards', () => {
    const s = offered(undefined, played(game({ race1: 'Gazegi', race2: 'Introkian', cards: false }), {}));
    expect(flat(s, ADA)).toContain('Chits: Battle of Bluff 0, Rapid Response 0');
    expect(flat(s, ADA)).toContain(`${ada} open: BOB may ACCEPT O1 in turn 3`);
    expect(flat(s, BOB)).toContain(`${bob} open: ACCEPT O1 in turn 3`);
    expect(flat(s, ADA)).not.toContain('TACTICS CARDS');
  });
});

describe('printout width', () => {
  it('no line is wider than the page: six empires of 24-character names over three turns', () => {
    const ids = ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => `${c}${'x'.repeat(23)}`);
    let s = game({}, ids, 'wide');
    const orders = Object.fromEntries(
      ids.map((id) => [
        id,
        `EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\n${'X'.repeat(120)}\nOFFER ${ids[0]} GIVE $5 FOR chit:RR`,
      ]),
    );
    for (let turn = 1; turn <= 3; turn++) {
      for (const id of ids) expect(tooWide(text(s, id))).toEqual([]);
      s = played(s, turn === 1 ? orders : {}, 'wide');
    }
    expect(text(s, ids[0])).toContain('MAP, part 2 of 2');
  });

  it('wraps a battle heading too long for the page', () => {
    const s = structuredClone(eventful());
    s.players[0].name = 'A'.repeat(24);
    s.players[1].name = 'B'.repeat(24);
    const side = (player: string, units: string[]) => ({ players: [player], units, lost: [], losses: 0 });
    s.log.battles.push({
      loc: '4,2',
      segment: 3,
      kind: 'space',
      sides: [side(ADA, ['GD1']), side(BOB, ['ID1'])],
      hits: [[0, 0]],
      dice: [],
      winner: null,
    });
    for (const id of [ADA, BOB]) expect(tooWide(text(s, id))).toEqual([]);
    expect(text(s, ADA)).toContain(`Space battle at 4,2, segment 3: ${'A'.repeat(24)} against\n`);
  });

  it('fits the eventful turn', () => {
    for (const id of [ADA, BOB]) expect(tooWide(text(eventful(), id))).toEqual([]);
  });
});

describe('unitList', () => {
  it('lists units by type in the canonical order, their numbers in runs', () => {
    expect(unitList(['GM5', 'GC1', 'GM3', 'GM4', 'GF1', 'GM7', 'GJ1', 'GJ2'])).toBe(
      'FF1, CA1, Ftr1-2, MI3-5,7',
    );
    expect(unitList([])).toBe('none');
  });
});
