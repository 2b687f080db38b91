// state.ts first: it and the *-events files import each other.
import './state';
import { createRng } from '@warpgate/engine';
import { fightArea } from './combat';
import {
  AVG,
  P1,
  P2,
  baseState,
  colony,
  commission,
  planetArea,
  scripted,
  spaceArea,
  turnOf,
} from './combat-fixtures';
import { applyMaintenanceLoss, maintenanceDue, spend } from './economy';
import { apply, bodyAt, empireById, evolveAll, recordingTurn, shipNamed } from './evolve';
import { parseOrders } from './orders';
import { report } from './report';
import {
  noCraft,
  sfEvent,
  surveyArea,
  systemOf,
  type AreaId,
  type Body,
  type MineTarget,
  type SfState,
  type Ship,
} from './state';
import { view, type PlayerView } from './view';
import { spaceFarce } from './index';
import { checkWeekly } from './weeks';
import { weeks } from './weeks-fixtures';

/** Optional mines (§6.41; digest §4.1, §6.2, §7.2 step 7, SF-16): laying, upkeep, combat, what others see. */

const BS14 = 'SAO/\\CE';
/** A minelayer: a Sy to assemble mines, two C to carry them packed. */
const LAYER = 'SyCCE';

/** A two-player game with mines on (or off), NPRs off; P1's TF9 holds a minelayer at its home. */
function game(mines = true) {
  const s = baseState({ mines, nprs: false });
  const home = empireById(s, P1).home;
  const layer = commission(s, P1, 'ML', LAYER, home, 'TF9');
  return { s, home, layer };
}

/** Packed mines into a unit's cargo, as a finished BUILD … MINE puts them (§6.41). */
const pack = (s: SfState, x: Ship, beam: number, missile = 0) =>
  apply(s, sfEvent('CargoPacked', { ship: x.id, bp: 0, mines: { beam, missile } }));

/** Mines laid from a unit's cargo (packed there first). */
function lay(s: SfState, from: Ship, protect: MineTarget, beam: number, missile = 0) {
  pack(s, from, beam, missile);
  apply(s, sfEvent('MinesLaid', { owner: from.owner, ship: from.id, protect, beam, missile }));
}

const playerView = (s: SfState, id: string) => view(s, { role: 'player', playerId: id }) as PlayerView;
const named = (s: SfState, owner: string, name: string) => shipNamed(s, owner, name) as Ship;

describe('LAY (§6.41, digest §4.1)', () => {
  it('lays packed mines from a TF with a Sy to protect an own planet; they leave the cargo', () => {
    const { s, home, layer } = game();
    pack(s, layer, 4);
    const run = weeks(s, { [P1]: `LAY TF9 MINE O x3 PROTECT ${home}` }, 1);
    expect(run.said(P1)).toEqual([]);
    expect(run.state.minefields).toEqual([{ owner: P1, protect: home, beam: 3, missile: 0 }]);
    expect(named(run.state, P1, 'ML1').cargo.mines).toEqual({ beam: 1, missile: 0 });
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('protects an own base by name; more mines join its field; fewer packed than asked is reduced', () => {
    const { s, layer } = game();
    const bs1 = named(s, P1, 'BS1');
    pack(s, layer, 2, 2);
    const run = weeks(s, { [P1]: 'LAY TF9 MINE O x2 PROTECT BS1\nLAY TF9 MINE /\\ x5 PROTECT bs1' }, 1);
    expect(run.said(P1)).toEqual([
      'line 2: LAY TF9 MINE /\\ x5 PROTECT BS1 — reduced: 2 of 5: only 2 packed there',
    ]);
    expect(run.state.minefields).toEqual([{ owner: P1, protect: { ship: bs1.id }, beam: 2, missile: 2 }]);
  });

  it('Decision: takes the mines an own base there carries when the TF has none (a base builds them)', () => {
    const { s, home } = game();
    pack(s, named(s, P1, 'BS1'), 3);
    const run = weeks(s, { [P1]: `LAY TF9 MINE O x3 PROTECT ${home}` }, 1);
    expect(run.state.minefields).toEqual([{ owner: P1, protect: home, beam: 3, missile: 0 }]);
    expect(named(run.state, P1, 'BS1').cargo.mines.beam).toBe(0);
  });

  it('refuses with clear codes, when submitted and when run', () => {
    const { s, home, layer } = game();
    pack(s, layer, 1);
    const lines = [
      `LAY TF1 MINE O x1 PROTECT ${home}`,
      `LAY TF9 MINE /\\ x1 PROTECT ${home}`,
      'LAY TF9 MINE O x1 PROTECT DD1',
      'LAY TF9 MINE O x1 PROTECT BS7',
    ].join('\n');
    const expected = [
      'error 1: NO_SHIPYARD: TF1 has no ship with a working Sy to assemble mines',
      `error 2: NO_CARGO: no packed /\\ mines in TF9 or an own base at ${home}`,
      'error 3: NO_TARGET: DD1 is no own base',
      'error 4: NO_TARGET: BS7 is no own base',
    ];
    const check = checkWeekly(s, P1, parseOrders(lines).orders);
    expect(check.map((d) => `${d.severity} ${d.line}: ${d.message}`)).toEqual(expected);
    expect(weeks(s, { [P1]: lines }, 1).state.minefields).toEqual([]);
  });

  it('waits for the TF to be where its target is, else is rejected NOT_PRESENT', () => {
    const { s, home, layer } = game();
    pack(s, layer, 2);
    const far = surveyArea(systemOf(home));
    const bs = commission(s, P1, 'BS', BS14, far, null);
    const order = `LAY TF9 MINE O x1 PROTECT BS${bs.number}`;
    expect(weeks(s, { [P1]: order }).said(P1)).toEqual([
      `line 1: ${order} — rejected NOT_PRESENT: TF9 was not at BS${bs.number}`,
    ]);
    // TF9 reaches the base at the end of week 1 and lays at the start of week 2.
    const run = weeks(s, { [P1]: `TF9: -> ${far}\n${order}` });
    expect(run.said(P1)).toEqual([]);
    expect(run.state.minefields).toEqual([{ owner: P1, protect: { ship: bs.id }, beam: 1, missile: 0 }]);
  });

  it('judges planets by what the empire knows: a hidden planet is told as one that does not exist', () => {
    const { s, layer } = game();
    pack(s, layer, 1);
    const hidden = empireById(s, P2).home;
    expect(empireById(s, P1).visited).not.toContain(Number(hidden.split(' ')[0]));
    const said = (area: AreaId) =>
      checkWeekly(s, P1, parseOrders(`LAY TF9 MINE O x1 PROTECT ${area}`).orders).map((d) =>
        d.message.replace(area, '<area>'),
      );
    expect(said(hidden)).toEqual(said(`${hidden.split(' ')[0]} 9H`));
    expect(said(hidden)).toEqual(['NO_TARGET: <area> is no own inhabited planet']);
  });

  it('MINES_DISABLED when the game has no mines; nothing changes', () => {
    const { s, home, layer } = game(false);
    pack(s, layer, 1);
    const run = weeks(s, { [P1]: `LAY TF9 MINE O x1 PROTECT ${home}` }, 1);
    expect(run.said(P1)).toEqual([
      `line 1: LAY TF9 MINE O x1 PROTECT ${home} — rejected MINES_DISABLED: mines are not used in this game`,
    ]);
    expect(run.state.minefields).toEqual([]);
    expect(named(run.state, P1, 'ML1').cargo.mines.beam).toBe(1);
  });
});

describe('reports', () => {
  it('every report carries data.minefields, so it is printed by format 2 (format 1 had none)', () => {
    const s = baseState({ mines: false, nprs: false });
    expect((report(s, P1)?.data as PlayerView).minefields).toEqual([]);
    expect(spaceFarce.reportVersion).toBe(2);
  });
});

describe('upkeep (§6.2, §6.41)', () => {
  it('SF-16: four beam mines protecting BS14 are written OOOO  SAO/\\CE; BS14 + mines = 1 + 4 = 5 MP', () => {
    const { s, home, layer } = game();
    const bs14 = commission(s, P1, 'BS', BS14, home, null);
    const before = maintenanceDue(s, empireById(s, P1));
    lay(s, layer, { ship: bs14.id }, 4);
    expect(maintenanceDue(s, empireById(s, P1))).toBe(before + 4);
    const v = playerView(s, P1);
    expect(v.bases.find((b) => b.design === BS14)?.maintenance).toBe(5);
    expect(v.minefields).toEqual([{ protect: `BS${bs14.number}`, beam: 4, missile: 0 }]);
    const row = (report(s, P1)?.text ?? '').split('\n').find((l) => l.includes(`BS${bs14.number} `));
    expect(row).toMatch(/OOOO {2}SAO\/\\CE +6 +5 /);
  });

  it('unpaid, the target pays as its own rules say: a base loses systems for its mines too', () => {
    const { s, home, layer } = game();
    const bs14 = commission(s, P1, 'BS', BS14, home, null);
    lay(s, layer, { ship: bs14.id }, 4);
    Object.assign(empireById(s, P1), { treasury: 0, mpPool: 0 });
    const { t, events } = recordingTurn(s, scripted([]));
    const month = spend(t, {});
    expect(month.debts.find((d) => d.ship === bs14.id)?.mp).toBe(5);
    applyMaintenanceLoss(t, month);
    expect(named(t.state, P1, `BS${bs14.number}`).destroyed).toHaveLength(5);
    expect(t.state.minefields).toHaveLength(1);
    expect(evolveAll(s, events)).toEqual(t.state);
  });

  /** P1's home with a 3-system ground base and 10 beam mines, and nothing to pay its 1 + 10 MP with. */
  function unpaidGroundBase() {
    const { s, home, layer } = game();
    (bodyAt(s, home) as Body).groundBase = { design: 'AAA', destroyed: [], crew: AVG, craft: noCraft() };
    lay(s, layer, home, 10);
    Object.assign(empireById(s, P1), { treasury: 0, mpPool: 0 });
    const { t, events } = recordingTurn(s, scripted([]));
    const month = spend(t, {});
    expect(month.debts.find((d) => d.area === home && d.kind === 'unit')?.mp).toBe(11);
    return { s, home, t, events, month };
  }

  it('unpaid MP beyond what the ground base can lose fall on its mines, one each', () => {
    const { s, home, t, events, month } = unpaidGroundBase();
    applyMaintenanceLoss(t, month);
    // 3 MP take the ground base's 3 systems; the other 8 take 8 mines.
    expect(bodyAt(t.state, home)?.groundBase).toBeNull();
    expect(t.state.minefields).toEqual([{ owner: P1, protect: home, beam: 2, missile: 0 }]);
    expect(evolveAll(s, events)).toEqual(t.state);
  });

  it('the mines still owe when their ground base is gone before step e3', () => {
    const { home, t, month } = unpaidGroundBase();
    (bodyAt(t.state, home) as Body).groundBase = null;
    applyMaintenanceLoss(t, month);
    expect(t.state.minefields).toEqual([]);
  });

  it('Decision: mines protecting a planet without a ground base are lost one per unpaid MP', () => {
    const { s, home, layer } = game();
    lay(s, layer, home, 2, 1);
    Object.assign(empireById(s, P1), { treasury: 0, mpPool: 0 });
    const { t, events } = recordingTurn(s, scripted([]));
    const month = spend(t, {});
    expect(month.debts.filter((d) => d.kind === 'mines')).toMatchObject([{ area: home, mp: 3 }]);
    applyMaintenanceLoss(t, month);
    expect(t.state.minefields).toEqual([]);
    expect(t.state.news[P1].map((n) => n.text)).toContain(
      `3 mines protecting ${home} lost for want of maintenance: the MP pool and the treasury could not pay it`,
    );
    expect(evolveAll(s, events)).toEqual(t.state);
  });
});

/**
 * P1's DD (`OE`, AVG, roe attack) meets P2's BS14 (Elite) in deep space, two beam mines protecting
 * the base. Dice: initiative P1 then P2; the DD's beam; the base's beam and missile; the mines.
 */
function minedBase() {
  const s = baseState({ mines: true, nprs: false });
  const area = spaceArea(s);
  const dd = commission(s, P1, 'DD', 'OE', area, 'TF5');
  empireById(s, P1).doctrine.roe = 'attack';
  const base = commission(s, P2, 'BS', BS14, area, null, { level: 'ELT', battles: 10 });
  lay(s, base, { ship: base.id }, 2);
  return { s, area, base, dd };
}

describe('mines in combat (§6.41, §7.2 step 7)', () => {
  it('each mine fires once at an attacker of its target, with no crew modifier; mines absorb no damage', () => {
    const { s, area, base, dd } = minedBase();
    // Round 1: initiative 10 / 1; the DD hits BS14 (6), whose S fails (1); BS14 misses (1, 1);
    // mine 1 rolls 5 (a miss: an Elite crew's +3 would hit), mine 2 rolls 6: the DD's E goes.
    // Round 2: initiative 10 / 1; the DD misses (1); BS14 misses (1, 1); mine 1 destroys the DD.
    const rng = scripted([10, 1, 6, 1, 1, 1, 5, 6, 10, 1, 1, 1, 1, 6]);
    const run = turnOf(s, rng);
    fightArea(run.t, area, 1);
    expect(rng.left()).toBe(0);
    const mineShots = run
      .named<{ by: object; round: number; rolls: number[] }>('Shot')
      .filter((x) => 'mine' in x.by)
      .map((x) => [x.round, x.rolls]);
    expect(mineShots).toEqual([
      [1, [5]],
      [1, [6]],
      [2, [6]],
    ]);
    // BS14 took the DD's hit on its own systems (its A); its mines are all still there.
    expect(run.state.ships.find((x) => x.id === base.id)?.destroyed).toEqual([1]);
    expect(run.state.minefields).toEqual([{ owner: P2, protect: { ship: base.id }, beam: 2, missile: 0 }]);
    expect(run.state.ships.find((x) => x.id === dd.id)).toBeUndefined();
    expect(evolveAll(s, run.events)).toEqual(run.state);
    const lines = run.state.battles[0].lines;
    expect(lines).toContain(
      `O mine of Altairians protecting BS${base.number} (Altairians) at DD${dd.number} (Vegans): 1 hit, 0 saved, 1 system destroyed`,
    );
  });

  it('mines fire only in rounds their target was attacked, and only at its attackers', () => {
    const { s, area, base, dd } = minedBase();
    // P1 goes for P2's DD first: while it lasts, BS14 is not attacked.
    empireById(s, P1).doctrine.target = ['class:DD'];
    const other = commission(s, P2, 'DD', 'OE', area, 'TF5');
    // Rounds 1 and 2: initiative; P1's DD hits P2's (6); P2's DD misses (1, round 1); BS14 misses
    // (1, 1). Round 3: P1's DD misses BS14 (1); BS14 misses; both mines hit the DD (6, 6).
    const rng = scripted([10, 1, 6, 1, 1, 1, 10, 1, 6, 1, 1, 10, 1, 1, 1, 1, 6, 6]);
    const run = turnOf(s, rng);
    fightArea(run.t, area, 1);
    expect(rng.left()).toBe(0);
    type Shot = { round: number; by: Record<string, unknown>; at: Record<string, unknown> };
    const shots = run
      .named<Shot>('Shot')
      .map((x) => [x.round, 'mine' in x.by ? 'mine' : x.by.ship, x.at.ship]);
    expect(shots).toEqual([
      [1, dd.id, other.id],
      [1, other.id, dd.id],
      [1, base.id, dd.id],
      [2, dd.id, other.id],
      [2, base.id, dd.id],
      [3, dd.id, base.id],
      [3, base.id, dd.id],
      [3, 'mine', dd.id],
      [3, 'mine', dd.id],
    ]);
  });

  it('mines protecting a planet fire at the ships attacking its ground base', () => {
    const s = baseState({ mines: true, nprs: false });
    const area = planetArea(s);
    colony(s, area, P2, 5);
    const body = bodyAt(s, area) as Body;
    body.groundBase = { design: 'AAA/\\/\\/\\', destroyed: [], crew: AVG, craft: noCraft() };
    lay(s, named(s, P2, 'DD1'), area, 3);
    const raider = commission(s, P1, 'CA', '/\\/\\/\\SSE', area, 'TF5');
    Object.assign(empireById(s, P1).doctrine, { roe: 'attack', attackPlanet: true });
    const run = turnOf(s, createRng('mined planet', 2));
    fightArea(run.t, area, 1);
    type Shot = { round: number; by: Record<string, unknown>; at: Record<string, unknown> };
    const mineShots = run.named<Shot>('Shot').filter((x) => 'mine' in x.by);
    expect(mineShots.length).toBeGreaterThan(0);
    for (const shot of mineShots) {
      expect(shot.by).toEqual({ mine: 'O', owner: P2, protect: area });
      expect(shot.at).toEqual({ ship: raider.id });
    }
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('mines of a base destroyed this round still fire in it; the line names the fallen base; then they go', () => {
    const s = baseState({ mines: true, nprs: false });
    const area = spaceArea(s);
    const dd = commission(s, P1, 'DD', 'OOOOE', area, 'TF5');
    empireById(s, P1).doctrine.roe = 'attack';
    const base = commission(s, P2, 'BS', 'OE', area, null);
    lay(s, base, { ship: base.id }, 4);
    // Initiative 10 / 1; the DD's 4 beams all hit (6): the 2-space base is gone in its first volley.
    // Then its 4 mines: 6 hits the DD, 1 1 1 miss.
    const rng = scripted([10, 1, 6, 6, 6, 6, 6, 1, 1, 1]);
    const run = turnOf(s, rng);
    fightArea(run.t, area, 1);
    expect(rng.left()).toBe(0);
    const mineShots = run.named<{ by: object; at: object }>('Shot').filter((x) => 'mine' in x.by);
    expect(mineShots.map((x) => x.at)).toEqual([
      { ship: dd.id },
      { ship: dd.id },
      { ship: dd.id },
      { ship: dd.id },
    ]);
    expect(run.state.battles[0].lines).toContain(
      `O mine of Altairians protecting BS${base.number} (Altairians, destroyed) at DD${dd.number} (Vegans): 1 hit, 0 saved, 1 system destroyed`,
    );
    expect(run.state.minefields).toEqual([]);
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('mines target only ships and small craft, never a base that attacked (§6.41)', () => {
    const s = baseState({ mines: true, nprs: false });
    const area = spaceArea(s);
    const dd = commission(s, P1, 'DD', 'OE', area, 'TF5');
    const foeBase = commission(s, P1, 'BS', 'OOOOOOOOAAAAE', area, null);
    empireById(s, P1).doctrine.roe = 'attack';
    const base = commission(s, P2, 'BS', 'SSSSSSSSAAAAAAAAE', area, null);
    lay(s, base, { ship: base.id }, 2);
    const run = turnOf(s, createRng('base at base', 3));
    fightArea(run.t, area, 1);
    const mineShots = run.named<{ by: object; at: object }>('Shot').filter((x) => 'mine' in x.by);
    expect(mineShots.length).toBeGreaterThan(0);
    expect(mineShots.every((x) => JSON.stringify(x.at) === JSON.stringify({ ship: dd.id }))).toBe(true);
    expect(mineShots.some((x) => JSON.stringify(x.at) === JSON.stringify({ ship: foeBase.id }))).toBe(false);
  });

  /** P2's colony (no ground base) with 3 beam mines; P1's CA there, roe attack, with `doctrine`. */
  function minedPlanet(design: string, doctrine: object) {
    const s = baseState({ mines: true, nprs: false });
    const area = planetArea(s);
    colony(s, area, P2, 8);
    empireById(s, P2).planetDoctrine.callMilitia = false;
    lay(s, named(s, P2, 'DD1'), area, 3);
    const ca = commission(s, P1, 'CA', design, area, 'TF5');
    Object.assign(empireById(s, P1).doctrine, { roe: 'attack', ...doctrine });
    return { s, area, ca };
  }

  it('Decision: bombarding a mined planet is an attack on it: its mines fire at the bombarding ships first', () => {
    const { s, area, ca } = minedPlanet('/\\/\\/\\EEE', { bombard: true });
    // The 3 mines (6 1 1): the CA loses an E; then its 3 /\ bombard (9 9 1).
    const rng = scripted([6, 1, 1, 9, 9, 1]);
    const run = turnOf(s, rng);
    fightArea(run.t, area, 1);
    expect(rng.left()).toBe(0);
    const names = run.events.map((e) => e.type.split('.')[1]);
    expect(names).toEqual(['BattleBegan', 'Shot', 'Shot', 'Shot', 'Bombarded']);
    const shots = run.named<{ by: object; at: object; systems: number[] }>('Shot');
    const mine = { mine: 'O', owner: P2, protect: area };
    expect(shots.map((x) => [x.by, x.at, x.systems.length])).toEqual([
      [mine, { ship: ca.id }, 1],
      [mine, { ship: ca.id }, 0],
      [mine, { ship: ca.id }, 0],
    ]);
    expect(run.state.battles[0].lines).toContain(
      `O mine of Altairians protecting ${area} at CA${ca.number} (Vegans): 1 hit, 0 saved, 1 system destroyed`,
    );
    expect(bodyAt(run.state, area)?.currentEp).toBe(6);
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('Decision: landing PCF on a mined planet is an attack on it: its mines fire at the ships that landed them', () => {
    const { s, area, ca } = minedPlanet('CCVEEE', { landPCF: true });
    ca.cargo.pcf = { count: 2, crew: AVG };
    ca.craft.As = 1;
    const run = turnOf(s, createRng('mined landing', 1));
    fightArea(run.t, area, 1);
    expect(run.named('PcfLanded')).toHaveLength(1);
    const mineShots = run.named<{ by: object; at: object }>('Shot').filter((x) => 'mine' in x.by);
    expect(mineShots.map((x) => x.at)).toEqual([{ ship: ca.id }, { ship: ca.id }, { ship: ca.id }]);
  });

  it('a foe learns nothing of mines but their fire in a battle it is in', () => {
    const { s, area, base } = minedBase();
    // Laid mines change nothing in what P1 sees.
    expect(playerView(s, P1)).toEqual(playerView({ ...s, minefields: [] }, P1));
    const run = turnOf(s, scripted([10, 1, 6, 1, 1, 1, 5, 6, 10, 1, 1, 1, 1, 6]));
    fightArea(run.t, area, 1);
    const foe = playerView(run.state, P1);
    expect(foe.minefields).toEqual([]);
    expect(JSON.stringify(foe.battles)).toContain(`O mine of Altairians protecting BS${base.number}`);
    expect(playerView(run.state, P2).minefields).toEqual([
      { protect: `BS${base.number}`, beam: 2, missile: 0 },
    ]);
  });
});

describe('mines go with their target (Decision, §6.41 silent)', () => {
  it('a base destroyed or surrendered, an area captured: its mines are gone', () => {
    const { s, home, layer } = game();
    const bs14 = commission(s, P1, 'BS', BS14, home, null);
    lay(s, layer, { ship: bs14.id }, 1);
    lay(s, layer, home, 1);
    const battle = sfEvent('BattleBegan', { area: home, week: 1, sides: [[P1], [P2]] });
    const destroyed = [battle, sfEvent('UnitDestroyed', { area: home, unit: { ship: bs14.id } })];
    // The mines of a base destroyed fire to the end of the fight (§6.41: after all other forces).
    expect(evolveAll(s, destroyed).minefields).toHaveLength(2);
    const ended = sfEvent('BattleEnded', { area: home, rounds: 1, end: 'decided' });
    expect(evolveAll(s, [...destroyed, ended]).minefields).toEqual([
      { owner: P1, protect: home, beam: 1, missile: 0 },
    ]);
    const captured = evolveAll(s, [battle, sfEvent('AreaCaptured', { area: home, by: P2, from: P1 })]);
    expect(captured.minefields).toEqual([{ owner: P1, protect: { ship: bs14.id }, beam: 1, missile: 0 }]);
    const surrendered = evolveAll(s, [
      battle,
      sfEvent('SurrenderRolled', {
        area: home,
        ship: bs14.id,
        roll: 9,
        total: 9,
        to: P2,
        number: 1,
        tf: null,
        month: 1,
      }),
    ]);
    expect(surrendered.minefields).toEqual([{ owner: P1, protect: home, beam: 1, missile: 0 }]);
  });
});
