import { canonicalJson, createRng, type RulesetEvent } from '@warpgate/engine';
import { checkOrders } from './check';
import { evolveAll, findFleet, openTurn } from './evolve';
import { parseOrders } from './orders';
import { DEFAULT_EF, playerOrder, resolveTurn, runTurn } from './resolve';
import { gdEvent, type GdState } from './state';
import { countsCost, fleetSpeed } from './tables';
import { hexKey, hexOf, neighbours } from './hex';
import { ADA, after, BOB, capitalOf, dataOf, game, names, outcomes, withFleet } from './turn-fixtures';

/** The turn driver (digest §5): phases AA–L, the missed-turn rule, the Exploration Fleets, the dry run. */

const S0 = game();
const orders = (text: Record<string, string>) =>
  Object.fromEntries(Object.entries(text).map(([p, t]) => [p, parseOrders(t).orders]));
function play(s: GdState, text: Record<string, string> = {}, seed = 'resolve') {
  const events = resolveTurn(s, orders(text), createRng(seed, s.turn));
  return { events, s: evolveAll(s, events) };
}
const phases = (events: ReturnType<typeof play>['events']) =>
  dataOf<{ phase: string }>(events, 'PhaseBegan').map((d) => d.phase);
/** Every Tactics card of the game: in the decks, in hands and in play. */
const tacticsCards = (s: GdState) => {
  const { draw, discard, reserve } = s.decks.tactics;
  return [draw, discard, reserve, ...s.players.flatMap((p) => [p.hand, p.inPlay])].flat().length;
};
const unitTypes = (s: GdState, owner: string, fleet: string) =>
  findFleet(s, owner, fleet)!
    .units.map((u) => u.type)
    .join(' ');

describe('resolveTurn', () => {
  it('runs the phases of §5 in order and ends the turn', () => {
    const { events, s } = play(S0);
    expect(names(events)[0]).toBe('TurnBegan');
    expect(phases(events)).toEqual(['B', 'C', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']);
    expect(names(events).at(-1)).toBe('TurnEnded');
    expect(s.turn).toBe(2);
    expect(dataOf<{ segment: number; segments: number }>(events, 'SegmentBegan')).toEqual([
      { segment: 1, segments: 3 },
      { segment: 2, segments: 3 },
      { segment: 3, segments: 3 },
    ]);
  });

  it('is pure and deterministic: the start is unchanged, the same seed gives the same events', () => {
    const before = canonicalJson(S0);
    const a = play(S0, { [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,1' });
    expect(canonicalJson(S0)).toBe(before);
    expect(play(S0, { [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,1' }).events).toEqual(
      a.events,
    );
    const { turn, events } = openTurn(S0, createRng('resolve', 1));
    runTurn(
      turn,
      new Map(Object.entries(orders({ [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,1' }))),
    );
    expect(canonicalJson(turn.state)).toBe(canonicalJson(evolveAll(S0, events)));
  });

  it('rotates the first player one seat to the left each turn (§5 A)', () => {
    expect(playerOrder(S0, 1)).toEqual([ADA, BOB]);
    expect(playerOrder(S0, 2)).toEqual([BOB, ADA]);
    expect(playerOrder(S0, 3)).toEqual([ADA, BOB]);
    expect(dataOf<{ order: string[] }>(play(play(S0).s).events, 'TurnBegan')[0].order).toEqual([BOB, ADA]);
    const gone = after(S0, gdEvent('PlayerEliminated', { player: BOB }));
    expect(playerOrder(gone, 2)).toEqual([ADA]);
  });

  it('shuffles the set-aside Tactics cards in at the start of turn 4 (§5 AA)', () => {
    const s = { ...S0, turn: 4 };
    const { events } = play(s);
    expect(names(events).slice(0, 3)).toEqual(['PhaseBegan', 'DeckShuffled', 'TurnBegan']);
    expect(phases(events)).toEqual(['AA', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']);
    const shuffled = dataOf<{ cards: string[] }>(events, 'DeckShuffled')[0].cards;
    expect([...shuffled].sort()).toEqual([...S0.decks.tactics.draw, ...S0.decks.tactics.reserve].sort());
  });

  it('reintegrates the discards too at the Collation: no card is lost (§5 AA)', () => {
    const card = S0.decks.tactics.draw[0];
    const s = after(
      { ...S0, turn: 4 },
      gdEvent('CardDrawn', { deck: 'tactics', player: ADA, card }),
      gdEvent('CardDiscarded', { player: ADA, card, inPlay: false }),
    );
    // A copy of the discarded card is still in the draw pile.
    expect(s.decks.tactics.draw).toContain(card);
    const { events, s: next } = play(s);
    const [shuffled] = dataOf<{ cards: string[] }>(events, 'DeckShuffled');
    expect([...shuffled.cards].sort()).toEqual(
      [...s.decks.tactics.draw, ...s.decks.tactics.discard, ...s.decks.tactics.reserve].sort(),
    );
    expect(tacticsCards(next)).toBe(tacticsCards(s));
  });

  it('does TRADEIN in phase C, after the Tactics card draw (§5 C, §4.1)', () => {
    const [a, b] = S0.players.find((p) => p.id === ADA)!.hand;
    const { events } = play(S0, { [ADA]: `TRADEIN TC ${a} ${b}` });
    const at = (name: string) => names(events).indexOf(name);
    const phaseAt = (p: string) => events.findIndex((e) => (e.data as { phase?: string }).phase === p);
    expect(at('CardDiscarded')).toBeGreaterThan(phaseAt('C'));
    expect(at('CardDiscarded')).toBeLessThan(phaseAt('E'));
    // Everyone's draw, then the trade-in's.
    const drawn = dataOf<{ player: string }>(events.slice(phaseAt('C'), phaseAt('E')), 'CardDrawn');
    const [{ order }] = dataOf<{ order: string[] }>(events, 'TurnBegan');
    expect(drawn.map((d) => d.player)).toEqual([...order, ADA]);
  });

  it('refuses unreadable lines, DISCOVERY, and an EF after turn 1', () => {
    const { s } = play(play(S0).s, { [ADA]: 'JUMP F1\nDISCOVERY AT 5,3\nEF F1: BB' });
    expect(outcomes(s, ADA)).toEqual([
      ['rejected', 'unknown order "JUMP"'],
      ['rejected', 'discovery hexes are not in play'],
      ['rejected', 'the Exploration Fleet is designed for turn 1 only'],
    ]);
  });
});

describe('the Exploration Fleet (§2.4, turn 1 phase F)', () => {
  it('places each fleet designed at the main capital and pays what is left unspent', () => {
    const { s, events } = play(S0, { [ADA]: 'EF F1: CA, DD, TT, 4 MI; F2: CA, DD, 2 TT, 2 MI' });
    expect(outcomes(s, ADA)[0]).toEqual(['done', '']);
    expect(findFleet(S0, ADA, 'F1')).toBeUndefined();
    expect(unitTypes(s, ADA, 'F1')).toBe('DD CA TT MI MI MI MI');
    expect(unitTypes(s, ADA, 'F2')).toBe('DD CA TT TT MI MI');
    expect(findFleet(s, ADA, 'F1')!.loc).toBe(capitalOf(S0, ADA));
    // $16 + $16: nothing left to pay out.
    expect(
      dataOf<{ why: string }>(events, 'CashChanged').filter((c) => c.why.startsWith('Exploration')),
    ).toEqual([]);
  });

  it('gives the standard fleet to a player who sent none or an illegal one, the refund to one under budget', () => {
    const { s, events } = play(S0, { [ADA]: 'EF F1: BB, 4 CA', [BOB]: 'EF F1: CA, 2 TT, 8 MI' });
    expect(outcomes(s, ADA)[0]).toEqual([
      'rejected',
      'EF_OVER_BUDGET: the fleets cost $33, more than $32; you get the standard fleet',
    ]);
    expect(unitTypes(s, BOB, 'F1')).toBe('CA TT TT MI MI MI MI MI MI MI MI');
    expect(dataOf(events, 'CashChanged')).toContainEqual({
      player: BOB,
      amount: 32 - 18,
      why: 'Exploration Fleet under $32',
    });
    const standard = play(S0).s;
    expect(unitTypes(standard, ADA, 'F1')).toBe('DD CA CA BB TT MI MI MI MI MI');
  });

  it('GD-12: the standard fleet is a suggested one: $32, speed 2', () => {
    expect(DEFAULT_EF[0].units).toEqual({ BB: 1, CA: 2, DD: 1, TT: 1, MI: 5 });
    expect(countsCost(DEFAULT_EF[0].units)).toBe(32);
    expect(fleetSpeed(findFleet(play(S0).s, ADA, 'F1')!.units)).toBe(2);
  });
});

describe('phase G in the turn', () => {
  it('moves the Exploration Fleet in turn 1 by its MOVE and draws an encounter in an unexplored hex', () => {
    const { s, events } = play(S0, { [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,1' });
    expect(findFleet(s, ADA, 'F1')!.loc).toBe('3,1');
    expect(dataOf(events, 'HexExplored')).toEqual([]);
    const far = play(S0, { [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,0' });
    expect(dataOf(far.events, 'HexExplored')).toEqual([{ hex: '3,0' }]);
    expect(dataOf<{ player: string; loc: string }>(far.events, 'Encountered')[0]).toMatchObject({
      player: ADA,
      loc: '3,0',
    });
  });

  it('runs FLEET, STANCE and MOVE in one turn: a fleet split off may be moved', () => {
    const s0 = withFleet(play(S0).s, ADA, 'F1', '0,2', { FF: 2 });
    const { s } = play(s0, { [ADA]: 'FLEET F3 FROM F1: FF1\nSTANCE F3 neutral=leave\nMOVE F3 1,2' });
    expect(findFleet(s, ADA, 'F3')).toMatchObject({ loc: '1,2' });
    expect(findFleet(s, ADA, 'F3')!.stance!.neutral).toBe('leave');
  });

  it('fights where the slower of two swapping fleets stayed (§6.2), in segment 2', () => {
    let s = { ...play(S0).s, turn: 5 };
    s = withFleet(s, ADA, 'F5', '5,3', { FF: 1 });
    s = withFleet(s, BOB, 'F5', '6,2', { DD: 1 });
    const { events } = play(s, { [ADA]: 'MOVE F5 - 6,2', [BOB]: 'MOVE F5 5,3' });
    const battles = dataOf<{ loc: string; segment: number }>(events, 'BattleFought');
    expect(battles.map((b) => [b.loc, b.segment])).toEqual([['6,2', 2]]);
  });

  it('works out the blockades at the end of phase G, for phase H income (§6.5)', () => {
    // BOB's battleships reach Gazegi II (R5, 1 GBDS) in segment 2 and stay, occupying nothing.
    const s0 = withFleet(play(S0).s, BOB, 'F5', '3,2', { BB: 3 });
    const { s, events } = play(s0, { [BOB]: 'STANCE F5 occupy=no\nMOVE F5 2,2/a' });
    const at = names(events).indexOf('BlockadeSet');
    expect(dataOf(events, 'BlockadeSet')).toEqual([{ loc: '2,2/a', blockaded: true }]);
    expect(at).toBeGreaterThan(names(events).lastIndexOf('BattleFought'));
    expect(phases(events.slice(0, at)).at(-1)).toBe('G');
    // Phase H pays by it (the turn's Stimulus card may cut incomes too).
    expect(s.log.notes.find((n) => n.player === ADA && n.text.startsWith('Income'))?.text).toMatch(
      /Gazegi II \$\d \(([^)]*, )?blockaded\)/,
    );
  });

  it('skips an EMBARK whose fleet never reaches the planet', () => {
    const { s } = play(play(S0).s, { [ADA]: 'EMBARK F1 MI 1 FROM 2,2/a' });
    expect(outcomes(s, ADA)).toEqual([['skipped', 'F1 was not at 2,2/a at the end of any segment']]);
  });
});

describe('checkOrders (the dry run)', () => {
  const s1 = play(S0).s;

  it('reports rejected orders as errors, reduced ones as warnings, waiting ones as info', () => {
    const text = 'MOVE F1 1,2 2,1 3,1\nMOVE F9 1,2\nEMBARK F1 MI 1 FROM 2,2/a\nSTANCE F1 invade=no';
    expect(checkOrders(s1, ADA, parseOrders(text).orders)).toEqual([
      { line: 1, severity: 'warning', message: expect.stringMatching(/^TOO_MANY_STEPS/) },
      { line: 2, severity: 'error', message: 'you have no fleet F9' },
      { line: 3, severity: 'info', message: 'waits until F1 is at 2,2/a' },
    ]);
  });

  it('never changes the state, and says when the game is over or the player is not in it', () => {
    const before = canonicalJson(s1);
    checkOrders(s1, ADA, parseOrders('MOVE F1 1,2').orders);
    expect(canonicalJson(s1)).toBe(before);
    expect(checkOrders({ ...s1, ended: true }, ADA, [])).toEqual([
      { line: null, severity: 'error', message: 'The game is over' },
    ]);
    expect(checkOrders(s1, 'zed', [])).toEqual([
      { line: null, severity: 'error', message: 'You are not in this game' },
    ]);
  });

  it('checks the other parts’ orders in their phases: a BUILD where the player cannot build is an error', () => {
    const [d] = checkOrders(s1, ADA, parseOrders('BUILD GBDS AT 8,3').orders);
    expect(d).toMatchObject({ line: 1, severity: 'error' });
  });

  it('counts the whole income of phase H before the builds of J: the Unnatural Disaster strikes no world', () => {
    const s = structuredClone(S0);
    s.stimulus = 'UNNATURAL_DISASTER';
    expect(s.players.find((p) => p.id === ADA)).toMatchObject({ cash: 0 });
    // $20 a turn from ADA's worlds pays for 20 MI.
    expect(checkOrders(s, ADA, parseOrders(`BUILD MI AT ${capitalOf(s, ADA)} x20`).orders)).toEqual([
      { line: 1, severity: 'info', message: '$20' },
    ]);
  });

  it('leaves unreadable lines to the parser’s diagnostics', () => {
    expect(checkOrders(s1, ADA, parseOrders('JUMP').orders)).toEqual([]);
  });
});

describe('a turn’s events are its working state (state.ts Turn)', () => {
  /** Every card of a deck, wherever it is. */
  const cards = (s: GdState) => {
    const { stimulus, tactics } = s.decks;
    const all = (d: typeof stimulus) => [...d.draw, ...d.discard, ...d.reserve];
    return {
      stimulus: all(stimulus).length + (s.stimulus === null ? 0 : 1),
      tactics: [...all(tactics), ...s.players.flatMap((p) => [...p.hand, ...p.inPlay])].length,
    };
  };
  /** Each fleet wanders: a path of random neighbours; each player builds and buys a card. */
  function wander(s: GdState, seed: number): Record<string, string> {
    const rng = createRng('wander', seed);
    const text: Record<string, string> = {};
    for (const p of s.players) {
      const lines = ['BUILD FF AT ' + capitalOf(s, p.id), 'BUY TC'];
      for (const f of s.fleets.filter((x) => x.owner === p.id)) {
        let at = hexOf(f.loc);
        const path: string[] = [];
        for (let i = 0; i < 3; i++) {
          const next = neighbours(at).filter(
            (h) => s.locations[hexKey(h)] !== undefined || s.locations[`${hexKey(h)}/a`] !== undefined,
          );
          at = rng.pick(next);
          path.push(hexKey(at));
        }
        lines.push(`MOVE ${f.id} ${path.join(' ')}`);
      }
      text[p.id] = lines.join('\n');
    }
    return text;
  }

  it('folds to the resolver’s working state over turns of a 3-player game; deterministic; no card lost', () => {
    let s = game({}, ['ann', 'ben', 'cat'], 'fold');
    const start = cards(s);
    const seen: RulesetEvent[][] = [];
    for (let n = 1; n <= 6 && !s.ended; n++) {
      const text = wander(s, n);
      const { turn, events } = openTurn(s, createRng('fold', s.turn));
      runTurn(turn, new Map(Object.entries(orders(text))));
      const folded = evolveAll(s, events);
      expect(canonicalJson(folded)).toBe(canonicalJson(turn.state));
      expect(resolveTurn(s, orders(text), createRng('fold', s.turn))).toEqual(events);
      expect(cards(folded)).toEqual(start);
      seen.push(events);
      s = folded;
    }
    expect(s.turn).toBe(7);
    const all = seen.flat();
    // The turns did things worth folding: moves, encounters, a battle, the Collation.
    expect(names(all)).toEqual(
      expect.arrayContaining(['FleetStepped', 'Encountered', 'BattleFought', 'BuildOrdered']),
    );
    expect(dataOf<{ phase: string }>(all, 'PhaseBegan').map((d) => d.phase)).toContain('AA');
  });
});
