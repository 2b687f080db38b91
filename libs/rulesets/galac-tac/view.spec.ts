import { components } from './design';
import { evolveAll, systemAt } from './evolve';
import { renderReport } from './report';
import { gtEvent, type GtState } from './state';
import { ALPHA, BETA, BETA_HOME, example, HOME, ship } from './turn-fixtures';
import { view, type PlayerView } from './view';

/** Digest §8: what each viewer may know. */

const THRESHOLDS = [2650, 8650, 18150, 31150, 47650];

/**
 * The digest's setting (§11), ALPHA at 10-10 and BETA at 50-50, BETA with secrets: a stockpile, missiles
 * (at its home and at ALPHA's), research, a design of its own; two of its ships at ALPHA's home.
 */
function game(): GtState {
  const { state: s } = example({
    stars: [
      [1013, 7],
      [3030, 5],
    ],
    ships: [
      ship(2001, 'FF1', HOME),
      ship(2002, 'SC1', 4040),
      ship(3001, 'FF1', HOME, BETA),
      ship(3002, 'DD1', HOME, BETA),
      ship(3003, 'SC1', 3030, BETA),
    ],
    events: [
      gtEvent('DesignClassified', {
        empire: BETA,
        code: 'ZQXJ',
        name: 'Secret Weapon',
        rating: components({ p: 7, id: 3 }),
      }),
    ],
    mastersReturn: 87,
  });
  const beta = s.empires[1];
  beta.research = 55555;
  beta.tl = 4;
  s.thresholds = THRESHOLDS;
  systemAt(s, BETA_HOME)!.pi = 98765;
  systemAt(s, HOME)!.missiles[BETA] = 4321;
  return s;
}
const playerView = (s: GtState, id = ALPHA) => view(s, { role: 'player', playerId: id }) as PlayerView;

describe('a player', () => {
  it('never sees another empire’s stockpiles, designs, research, nor the Masters’ return', () => {
    const s = game();
    const v = playerView(s);
    const seen = JSON.stringify(v) + renderReport(v).text;
    for (const secret of ['98765', '4321', '55555', 'ZQXJ', 'Secret Weapon', 'mastersReturn', 'thresholds'])
      expect(seen).not.toContain(secret);
    for (const threshold of THRESHOLDS) expect(seen).not.toContain(String(threshold));
    // Nothing of BETA's tech level either: its ships are seen by size only.
    expect(v.systems[0].sightings).toEqual([{ ships: 2, ssd: 15, largest: 10 }]);
    // BETA sees its own.
    const beta = JSON.stringify(playerView(s, BETA));
    for (const own of ['98765', '55555', 'ZQXJ']) expect(beta).toContain(own);
  });

  it('sees every star, base PV only where charted, its own systems marked', () => {
    const s = evolveAll(game(), [gtEvent('Charted', { empire: ALPHA, loc: 3030 })]);
    expect(playerView(s).stars).toEqual([
      { loc: 1010, pv: 10, own: 'home' },
      { loc: 1013, pv: null, own: null },
      { loc: 3030, pv: 5, own: null },
      { loc: 5050, pv: null, own: null },
    ]);
  });

  it('sees only its own ships, and where they are outside its systems, the squares as they see them', () => {
    const v = playerView(game());
    expect(v.ships.map((x) => x.id)).toEqual([2001, 2002]);
    expect(v.places).toEqual([{ loc: 4040, kind: 'deep space', pv: null, owner: null, missiles: 0 }]);
    const at60 = playerView(evolveAll(game(), [gtEvent('FleetMoved', { ship: 2002, to: 5050 })]));
    expect(at60.places).toEqual([{ loc: 5050, kind: 'foreign', pv: null, owner: 'unknown', missiles: 0 }]);
  });

  it('learns names by §8.5 only', () => {
    const s = game();
    expect(playerView(s).known).toEqual([]);
    const met = evolveAll(s, [gtEvent('ContactMade', { empire: ALPHA, other: BETA })]);
    expect(playerView(met).known).toEqual(['BETA']);
  });

  it('is told of other empires’ ships at its systems by count and size only, never by name (§8.3)', () => {
    const s = evolveAll(game(), [gtEvent('ContactMade', { empire: ALPHA, other: BETA })]);
    // A third empire with a frigate there too.
    s.empires.push({ ...s.empires[1], id: 'gamma', name: 'GAMMA' });
    s.ships.push({ ...s.ships.find((x) => x.id === 3001)!, id: 4001, owner: 'gamma' });
    const v = playerView(s);
    // BETA's FF1 and DD1 and GAMMA's FF1 together: one sighting, whose ships they are not said.
    expect(v.systems[0].sightings).toEqual([{ ships: 3, ssd: 20, largest: 10 }]);
    expect(renderReport(v).text).toContain('Enemy ships: 3, total SSD 20, largest SSD 10');
    expect(JSON.stringify(v.systems) + renderReport(v).text).not.toMatch(/BETA|GAMMA/);
  });

  it('names the owner of a system an escaped scout saw only if it knows the name (§8.3, §8.5)', () => {
    const escaped = gtEvent('ScoutReported', {
      empire: ALPHA,
      ship: 2002,
      loc: BETA_HOME,
      owner: BETA,
      ships: 0,
      ssd: 17,
      largest: 0,
      estimate: true,
    });
    const s = evolveAll(game(), [escaped]);
    expect(playerView(s).scouts).toEqual([
      { ship: 2002, loc: BETA_HOME, owner: 'unknown', ships: 0, ssd: 17, largest: 0, estimate: true },
    ]);
    expect(renderReport(playerView(s)).text).not.toContain('BETA');
    const met = evolveAll(s, [gtEvent('ContactMade', { empire: ALPHA, other: BETA })]);
    expect(playerView(met).scouts[0].owner).toBe('BETA');
  });

  it('gets its action results in the order it wrote them, not the order they ran in', () => {
    const resolved = (line: number | null, text: string) =>
      gtEvent('ActionResolved', { empire: ALPHA, result: [line, text, 'done', ''] });
    const s = evolveAll(game(), [
      resolved(2, 'TO 2001 10-13'),
      resolved(3, 'DEFEND 2002'),
      resolved(1, 'BUILD 10-10 FX Hauler'),
      resolved(null, 'MAP'),
    ]);
    expect(playerView(s).actions.map(([line]) => line)).toEqual([1, 2, 3, null]);
  });

  it('gets the combat reports of combats it survived, and no other', () => {
    const ff1 = components({ p: 3, s: 2, sd: 16, id: 16 });
    const sighting = (id: number, owner: string) => ({
      id,
      owner,
      code: 'FF1',
      rating: ff1,
      intact: ff1,
      ssd: 5,
    });
    const s = evolveAll(game(), [
      gtEvent('CombatFought', {
        record: {
          loc: 1010,
          rounds: 2,
          before: [sighting(2001, ALPHA), sighting(3001, BETA)],
          lost: { 3001: 2 },
          after: { 2001: ff1 },
        },
        missiles: {},
        cargo: {},
        loose: [],
        stopped: [],
      }),
    ]);
    expect(playerView(s).combats).toEqual([
      {
        loc: 1010,
        rounds: 2,
        ships: [
          {
            id: 2001,
            empire: 'ALPHA',
            own: true,
            code: 'FF1',
            rating: ff1,
            before: ff1,
            ssd: 5,
            after: ff1,
            lost: null,
          },
          {
            id: 3001,
            empire: 'BETA',
            own: false,
            code: 'FF1',
            rating: ff1,
            before: ff1,
            ssd: 5,
            after: null,
            lost: 2,
          },
        ],
      },
    ]);
    expect(playerView(s, BETA).combats).toEqual([]);
    expect(playerView(s, BETA).missing).toEqual([3001]);
  });
});

describe('spectators and admins (§8.6)', () => {
  it('a spectator of a running game sees the stars and the date only', () => {
    expect(view(game(), { role: 'spectator' })).toEqual({
      role: 'spectator',
      date: '3500-01',
      stars: [1010, 1013, 3030, 5050],
    });
    // So does a player who is not in the game.
    expect(view(game(), { role: 'player', playerId: 'z' })).toEqual(view(game(), { role: 'spectator' }));
  });

  it('an admin sees everything, the Masters’ return and thresholds included; spectators after the game', () => {
    const s = game();
    const admin = view(s, { role: 'admin' });
    expect(admin).toMatchObject({ role: 'admin', mastersReturn: 87, thresholds: THRESHOLDS });
    expect(JSON.stringify(admin)).toContain('98765');
    const over = evolveAll(s, [gtEvent('GameFinished', { turn: 1, winners: [ALPHA] })]);
    expect(view(over, { role: 'spectator' })).toMatchObject({
      role: 'admin',
      mastersReturn: 87,
      winners: [ALPHA],
    });
    expect(playerView(over).winners).toEqual(['ALPHA']);
  });
});
