import { evolveAll } from './evolve';
import { stepToward } from './movement';
import { formatLoc, gtEvent, locOf, type GtState } from './state';
import { ALPHA, BETA, BETA_HOME, example, HOME, play, ship, shipOf } from './turn-fixtures';

const at = (text: string) => {
  const [y, x] = text.split('-').map(Number);
  return locOf(y, x);
};
const whereIs = (s: GtState, id: number) => formatLoc(shipOf(s, id).loc);

describe('the path (§3)', () => {
  it.each([
    ['00-00', '10-05', 4, '04-02'],
    // Halves round up: +0.5 → +1, −0.5 → 0.
    ['00-00', '04-02', 1, '01-01'],
    ['10-10', '06-08', 1, '09-10'],
    ['10-10', '12-12', 20, '12-12'],
    ['10-10', '10-10', 5, '10-10'],
    ['99-00', '00-99', 99, '00-99'],
  ])('%s → %s at speed %i ends the fortnight at %s', (from, to, speed, end) => {
    expect(formatLoc(stepToward(at(from), at(to), speed))).toBe(end);
  });

  it('recomputes the line from the current square every fortnight', () => {
    const squares: string[] = [];
    for (let loc = at('00-00'); loc !== at('10-05'); squares.push(formatLoc(loc)))
      loc = stepToward(loc, at('10-05'), 4);
    expect(squares).toEqual(['04-02', '08-04', '10-05']);
    // From 01-00 (not on the first line) the rest is a new line: D = 9, k = 4, 4·5/9 rounds to 2.
    expect(formatLoc(stepToward(at('01-00'), at('10-05'), 4))).toBe('05-02');
  });
});

describe('the movement phase (§5 phase 2)', () => {
  it('moves a TO fleet min(speed, distance) a fortnight until it arrives, then gives it NONE', () => {
    const { state } = example({ ships: [ship(5101, 'FX', HOME)] });
    const f1 = play(state, { [ALPHA]: 'TO 5101 50-10' });
    expect(whereIs(f1.state, 5101)).toBe('30-10');
    expect(shipOf(f1.state, 5101).order.kind).toBe('TO');
    expect(f1.events.filter((e) => e.type === 'galac-tac.FleetMoved')).toEqual([
      gtEvent('FleetMoved', { ship: 5101, to: at('30-10') }),
    ]);
    // BETA sent nothing: its standing orders go on, ALPHA's too.
    const f2 = play(f1.state);
    expect(whereIs(f2.state, 5101)).toBe('50-10');
    expect(shipOf(f2.state, 5101).order).toEqual({ kind: 'NONE' });
  });

  it('keeps going for an empire that sent no orders', () => {
    const { state } = example({ ships: [ship(2001, 'FX', BETA_HOME, BETA)] });
    const f1 = play(state, { [BETA]: 'TO 2001 50-90' });
    const f2 = play(f1.state, { [ALPHA]: '' });
    expect([whereIs(f1.state, 2001), whereIs(f2.state, 2001)]).toEqual(['50-70', '50-90']);
  });

  it('moves a fleet at its slowest working star drives, not counting hangared ships', () => {
    const { state } = example({
      ships: [
        ship(5101, 'FX', HOME),
        ship(5102, 'SC1', HOME),
        ship(5103, 'CV1J', HOME),
        ship(5104, 'FT1', HOME, ALPHA, 5103),
      ],
    });
    const f1 = play(state, { [ALPHA]: 'JOIN 5101 5102\nTO 5101 50-10\nTO 5103 50-10' });
    expect(f1.outcomes(ALPHA)).toEqual(['done', 'done', 'done']);
    expect([whereIs(f1.state, 5101), whereIs(f1.state, 5102)]).toEqual(['29-10', '29-10']);
    expect([whereIs(f1.state, 5103), whereIs(f1.state, 5104)]).toEqual(['24-10', '24-10']);
  });

  it('leaves a fleet with a ship without star drives where it is, and says so', () => {
    const { state } = example({ ships: [ship(5101, 'FX', HOME), ship(5104, 'FT1', HOME)] });
    const f1 = play(state, { [ALPHA]: 'JOIN 5101 5104\nTO 5101 50-10' });
    expect(whereIs(f1.state, 5104)).toBe('10-10');
    expect(f1.notes(ALPHA)).toEqual(['Fleet 5101 at 10-10 cannot move: speed 0']);
    expect(f1.types).not.toContain('FleetMoved');
  });

  it("tows at half the tower's star drives; both arrive together and stop", () => {
    const { state } = example({ ships: [ship(5101, 'DD1', HOME), ship(5104, 'FT1', HOME)] });
    const f1 = play(state, { [ALPHA]: 'TOW 5101 5104 10-24' });
    expect(f1.outcomes(ALPHA)).toEqual(['done']);
    // DD1: 14 star drives → speed 7.
    expect([whereIs(f1.state, 5101), whereIs(f1.state, 5104)]).toEqual(['10-17', '10-17']);
    const f2 = play(f1.state);
    expect([whereIs(f2.state, 5101), whereIs(f2.state, 5104)]).toEqual(['10-24', '10-24']);
    expect([shipOf(f2.state, 5101).order, shipOf(f2.state, 5104).order]).toEqual([
      { kind: 'NONE' },
      { kind: 'NONE' },
    ]);
    expect(evolveAll(f1.state, f2.events)).toStrictEqual(f2.state);
  });

  it('ends a tow whose partner is gone (destroyed in a combat it won), and says so', () => {
    const { state } = example({
      ships: [ship(5101, 'DD1', HOME), ship(5104, 'FT1', HOME)],
      events: [
        gtEvent('OrderGiven', {
          ships: [5101, 5104],
          order: { kind: 'TOW', target: at('10-30'), tower: 5101, towed: 5104 },
        }),
        gtEvent('FleetMoved', { ship: 5101, to: at('10-17') }),
        gtEvent('FleetMoved', { ship: 5104, to: at('10-17') }),
        gtEvent('Scrapped', { ship: 5101, refund: 0 }),
      ],
    });
    const f = play(state);
    expect(shipOf(f.state, 5104)).toMatchObject({ loc: at('10-17'), order: { kind: 'NONE' } });
    expect(f.notes(ALPHA)).toEqual([
      'Fleet 5104 at 10-17 stops: the tow of ship 5104 by ship 5101 has ended',
    ]);
    expect(evolveAll(state, f.events)).toStrictEqual(f.state);
  });

  it('keeps ATTACK and SECURE after arrival; SCOUT stays at its last stop, SENTRY cycles', () => {
    const { state } = example({
      ships: [
        ship(5101, 'FF1', HOME),
        ship(5102, 'FF1', HOME),
        ship(5103, 'SC1', HOME),
        ship(5105, 'FF1', HOME),
      ],
    });
    const orders = [
      'ATTACK 5101 10-20',
      'SECURE 5102 10-20',
      'SCOUT 5103 10-20 10-30',
      'SENTRY 5105 10-20 10-30',
    ];
    const f1 = play(state, { [ALPHA]: orders.join('\n') });
    const f2 = play(f1.state);
    const f3 = play(f2.state);
    const path = (id: number) => [f1, f2, f3].map((f) => whereIs(f.state, id));
    expect(path(5101)).toEqual(['10-20', '10-20', '10-20']);
    expect(shipOf(f3.state, 5101).order.kind).toBe('ATTACK');
    expect(shipOf(f3.state, 5102).order.kind).toBe('SECURE');
    expect(path(5103)).toEqual(['10-20', '10-30', '10-30']);
    expect(shipOf(f3.state, 5103).order).toMatchObject({ kind: 'SCOUT', next: 1 });
    expect(path(5105)).toEqual(['10-20', '10-30', '10-20']);
  });
});
