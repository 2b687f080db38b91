import { createRng } from '@warpgate/engine';
import {
  attack,
  baseColumn,
  checkStandingOrders,
  contested,
  fightArea,
  firingOrder,
  setStandingOrders,
  speedColumn,
} from './combat';
import { AVG, P1, P2, baseState, commission, relate, scripted, spaceArea, turnOf } from './combat-fixtures';
import { damage, DEFAULT_DAMAGE_PRIORITY, parseDesign, type SystemSymbol } from './design';
import { empireById, evolveAll, shipById, taskForce } from './evolve';
import { parseOrders } from './orders';
import { sfEvent, type SfState } from './state';

/** Space combat (digest §7.1–§7.5, §7.8) and standing orders (§4.3). */

const noDefence = { shields: 0, armor: 0, cd: 0, shieldMod: 0, armorMod: 0, cdMod: 0 };

describe('speed columns (§6.11)', () => {
  it('reads the table, 7/12 as column 11, no engine as 1', () => {
    expect([baseColumn(1, 12), baseColumn(1, 9), baseColumn(2, 12), baseColumn(1, 6)]).toEqual([2, 3, 4, 4]);
    expect([baseColumn(1, 3), baseColumn(4, 12), baseColumn(1, 2), baseColumn(7, 12)]).toEqual([
      7, 7, 10, 11,
    ]);
    expect([baseColumn(2, 3), baseColumn(2, 2), baseColumn(0, 6), baseColumn(1, 24)]).toEqual([12, 18, 1, 1]);
    // Between two tabulated ratios: the lower one's column.
    expect(baseColumn(2, 5)).toBe(baseColumn(1, 3));
  });

  it('adds the crew shift (Raw −1, Elite +1) and the engine-tech shift', () => {
    expect(speedColumn(1, 3, { level: 'RAW', since: 1 }, 0)).toBe(6);
    expect(speedColumn(1, 3, { level: 'ELT', battles: 10 }, 0)).toBe(8);
    expect([2, 3, 4, 5].map((l) => speedColumn(1, 3, AVG, l))).toEqual([8, 8, 9, 10]);
  });

  it('SF-14: A has initiative; A ½ ⅓ ¼, B ½ ⅔ fire B⅔, A½, B½, A⅓, A¼', () => {
    const ship = (id: number, e: number, size: number, rank: number) => ({
      id,
      column: speedColumn(e, size, AVG, 0),
      rank,
    });
    const order = firingOrder([
      ship(1, 1, 2, 0),
      ship(2, 1, 3, 0),
      ship(3, 3, 12, 0),
      ship(4, 1, 2, 1),
      ship(5, 2, 3, 1),
    ]);
    expect(order.map((x) => x.id)).toEqual([5, 1, 4, 2, 3]);
  });
});

describe('a single attack (§7.3)', () => {
  it('SF-15: 3 hits on a DN with 1 S and 2 A: 1 beam and 1 missile saved, it loses an A', () => {
    const rng = scripted([6, 7, 8, 6, 6, 6]);
    const r = attack(
      rng,
      { beams: 2, missiles: 1, beamMod: 0, missileMod: 0 },
      { shields: 1, armor: 2, cd: 0, shieldMod: 0, armorMod: 0, cdMod: 0 },
    );
    expect(r).toEqual({
      rolls: [6, 7, 8],
      hits: { beam: 2, missile: 1 },
      saves: [6, 6, 6],
      saved: 2,
      unsaved: 1,
    });
    expect(rng.left()).toBe(0);
    const dn = 'SAAOO/\\/\\CCEEE';
    expect(damage(dn, [], DEFAULT_DAMAGE_PRIORITY, r.unsaved)).toEqual([2]);
  });

  it('a ship without weapons hits once on a natural 10 only', () => {
    const fire = { beams: 0, missiles: 0, beamMod: 5, missileMod: 5 };
    expect(attack(scripted([9]), fire, noDefence).hits).toEqual({ beam: 0, missile: 0 });
    expect(attack(scripted([10]), fire, noDefence).hits).toEqual({ beam: 1, missile: 0 });
  });

  it('rolls saves only when needed; D saves missiles left after A on 10', () => {
    // No hits: no save dice at all.
    const none = attack(
      scripted([1, 1]),
      { beams: 1, missiles: 1, beamMod: 0, missileMod: 0 },
      { ...noDefence, shields: 3, armor: 3, cd: 3 },
    );
    expect(none.saves).toEqual([]);
    // Two missile hits, A saves one, D saves the other only on 10.
    const r = attack(
      scripted([9, 9, 6, 2, 9, 10]),
      { beams: 0, missiles: 2, beamMod: 0, missileMod: 0 },
      {
        ...noDefence,
        armor: 2,
        cd: 2,
      },
    );
    expect([r.saves, r.saved, r.unsaved]).toEqual([[6, 2, 9, 10], 2, 0]);
  });

  it('destroys by the damage priority, symbols left out after in the book order', () => {
    const priority = parseDesign('EO') as SystemSymbol[];
    expect(damage('SOE', [], priority, 2)).toEqual([2, 1]);
    expect(damage('SOE', [2], priority, 2)).toEqual([1, 0]);
    expect(damage('SAAE', [], DEFAULT_DAMAGE_PRIORITY, 2)).toEqual([2, 1]);
  });
});

/** p1's raider TF5 (roe attack) and p2's picket TF5 in deep space. */
function skirmish(mutate: (s: SfState) => void = () => undefined) {
  const s = baseState();
  const area = spaceArea(s);
  commission(s, P1, 'CC', 'SAO/\\EE', area, 'TF5');
  commission(s, P1, 'DD', 'SOE', area, 'TF5');
  commission(s, P2, 'DD', 'SOE', area, 'TF5');
  commission(s, P2, 'DD', 'SOE', area, 'TF5');
  empireById(s, P1).doctrine.roe = 'attack';
  mutate(s);
  return { s, area };
}

describe('fightArea (§7.1, §7.2)', () => {
  it('does nothing without a TF set to attack, nor between allies or under a NAP', () => {
    const { s, area } = skirmish((x) => (empireById(x, P1).doctrine.roe = 'defend'));
    const run = turnOf(s);
    fightArea(run.t, area, 1);
    expect(run.events).toEqual([]);
    expect(contested(s)).not.toContain(area);
    for (const relation of ['nap', 'military'] as const) {
      const other = skirmish((x) => relate(x, P1, P2, relation));
      expect(contested(other.s)).not.toContain(other.area);
    }
  });

  it('fights to a decision; the events fold to the same state; crews learn', () => {
    const { s, area } = skirmish();
    expect(contested(s)).toContain(area);
    const run = turnOf(s, createRng('skirmish', 3));
    fightArea(run.t, area, 2);
    expect(evolveAll(s, run.events)).toEqual(run.state);
    const [began] = run.named('BattleBegan');
    expect(began).toEqual({ area, week: 2, sides: [[P1], [P2]] });
    const ended = run.named<{ rounds: number; end: string }>('BattleEnded')[0];
    expect(ended.rounds).toBeGreaterThanOrEqual(1);
    expect(run.named('RoundBegan')).toHaveLength(ended.rounds);
    expect(run.named('Shot').length).toBeGreaterThan(0);
    // Every unit left that fought is Average or Green now.
    for (const x of run.state.ships.filter((o) => o.tf === 'TF5' && (o.owner === P1 || o.owner === P2)))
      expect(['AVG', 'GRN']).toContain(x.crew.level);
    const record = run.state.battles[run.state.battles.length - 1];
    expect(record.area).toBe(area);
    expect(record.lines[0]).toBe(`Week 2, ${area}: Vegans against Altairians`);
    expect(record.lines.length).toBeGreaterThan(3);
  });

  it('§7.3: a base with no working weapon does not fire, nor draw a die (only a ship has the self-defence roll)', () => {
    const s = baseState();
    const area = spaceArea(s);
    const cc = commission(s, P1, 'CC', 'SAO/\\EE', area, 'TF5');
    commission(s, P2, 'BS', 'SSSSSSSSAAAAAAAAE', area, null);
    Object.assign(empireById(s, P1).doctrine, { roe: 'attack', withdrawAt: 0 });
    // Round 1: initiative for each side, the cruiser's O and /\ (both miss); then it withdraws.
    const rng = scripted([5, 3, 1, 1]);
    const run = turnOf(s, rng);
    fightArea(run.t, area, 1);
    const shots = run.named<{ by: { ship?: number }; rolls: number[] }>('Shot');
    expect(shots.map((x) => [x.by.ship, x.rolls])).toEqual([[cc.id, [1, 1]]]);
    expect(rng.left()).toBe(0);
  });

  it('engages only the primary TF; others roll a 6 to join', () => {
    const { s, area } = skirmish((x) => {
      commission(x, P2, 'DD', 'SOE', spaceArea(x), 'TF6');
      commission(x, P2, 'DD', 'SOE', spaceArea(x), 'TF6');
    });
    const run = turnOf(s, createRng('join', 1));
    fightArea(run.t, area, 1);
    const engaged = run.named<{ owner: string; tf: string | null; roll: number | null; round: number }>(
      'Engaged',
    );
    // p2's primary is its largest TF: TF5 and TF6 tie at 6 spaces, the lower number wins.
    expect(engaged.filter((e) => e.round === 1).map((e) => [e.owner, e.tf])).toEqual([
      [P1, 'TF5'],
      [P2, 'TF5'],
    ]);
    for (const e of engaged.filter((x) => x.round > 1)) expect([e.tf, e.roll]).toEqual(['TF6', 6]);
  });

  it('§7.2 initiative: the admiral is the primary TF’s flagship, not a GUARD TF sorting first', () => {
    const { s, area } = skirmish((x) => {
      commission(x, P1, 'DD', 'SOE', spaceArea(x), 'TF3').crew = { level: 'RAW', since: 1 };
      Object.assign(taskForce(x, P1, 'TF3')!, { guard: spaceArea(x), doctrine: { roe: 'defend' } });
      for (const ship of x.ships.filter((o) => o.owner === P1 && o.tf === 'TF5'))
        ship.crew = { level: 'ELT', battles: 10 };
    });
    const run = turnOf(s, createRng('admiral', 1));
    fightArea(run.t, area, 1);
    const [first] = run.named<{ initiative: { side: number; roll: number; total: number }[] }>('RoundBegan');
    const p1 = first.initiative.find((x) => x.side === 0)!;
    // TF5's elite admiral: +3 (TF3's Raw one would give −2).
    expect(p1.total - p1.roll).toBe(3);
  });

  it('a TF at its withdrawAt escapes when faster than every pursuer, toward retreatTo', () => {
    const s = baseState();
    const area = spaceArea(s);
    const system = Number(area.split(' ')[0]);
    const home = s.systems[system - 1].bodies[0].area;
    commission(s, P1, 'CC', 'SSSSOE', area, 'TF5');
    // p2's fast scout (1/2, its O hit first) withdraws at once; p1's cruiser (1/6) cannot pursue it.
    commission(s, P2, 'PC', 'OE', area, 'TF5');
    empireById(s, P2).damagePriority = { OE: ['O', 'E'] };
    empireById(s, P1).doctrine.roe = 'attack';
    taskForce(s, P2, 'TF5')!.doctrine = { withdrawAt: 0, retreatTo: home };
    const run = turnOf(s, createRng('flee', 2));
    fightArea(run.t, area, 1);
    const [w] = run.named<{ tf: string; newTf: string | null; to: string | null; round: number }>('Withdrew');
    expect(w).toMatchObject({ tf: 'TF5', newTf: null, to: home, round: 1 });
    if (run.state.ships.some((x) => x.owner === P2))
      expect(taskForce(run.state, P2, 'TF5')?.route).toEqual([home]);
    expect(run.named<{ end: string }>('BattleEnded')[0].end).toBe('decided');
  });

  it('a protected ship is not attacked while its protector has not been', () => {
    const { s, area } = skirmish();
    // p2 TF5 is DD1 and DD2 (p2's setup made DD1, DD2 at home, so these are DD3 and DD4).
    const ships = s.ships.filter((x) => x.owner === P2 && x.tf === 'TF5');
    const [a, b] = ships.map((x) => `${x.cls}${x.number}`);
    taskForce(s, P2, 'TF5')!.doctrine = { protect: [{ ship: a, by: [b] }] };
    const run = turnOf(s, createRng('protect', 5));
    fightArea(run.t, area, 1);
    const shots = run.named<{ round: number; at: { ship?: number }; by: { ship?: number } }>('Shot');
    const round1 = shots.filter(
      (x) => x.round === 1 && x.by.ship !== undefined && shipById(s, x.by.ship)?.owner === P1,
    );
    // The first p1 shot of each round goes at the protector.
    expect(round1[0].at.ship).toBe(ships[1].id);
  });

  it('launches craft and lands the survivors in free bays afterwards', () => {
    const { s, area } = skirmish((x) => {
      const cv = commission(x, P1, 'CV', 'VVSE OE'.replace(' ', ''), spaceArea(x), 'TF5');
      cv.craft.F = 4;
    });
    const run = turnOf(s, createRng('craft', 1));
    fightArea(run.t, area, 1);
    expect(evolveAll(s, run.events)).toEqual(run.state);
    expect(run.named('CraftLaunched')).toHaveLength(1);
    const landed = run.named<{ owner: string }>('CraftLanded');
    expect(landed.map((x) => x.owner)).toEqual([P1]);
  });

  it('with morale on, a broken side rolls to surrender and captured units change hands', () => {
    let found = false;
    for (let seed = 0; seed < 60 && !found; seed++) {
      const s = baseState({ morale: true });
      const area = spaceArea(s);
      for (let i = 0; i < 3; i++) commission(s, P1, 'CC', 'SAO/\\EE', area, 'TF5');
      commission(s, P2, 'BB', 'SAOOOOCCE', area, 'TF5');
      empireById(s, P1).doctrine.roe = 'attack';
      const run = turnOf(s, createRng('morale', seed));
      fightArea(run.t, area, 1);
      expect(evolveAll(s, run.events)).toEqual(run.state);
      const yielded = run
        .named<{ ship: number; to: string | null; tf: string | null }>('SurrenderRolled')
        .find((x) => x.to);
      if (!yielded) continue;
      found = true;
      const x = shipById(run.state, yielded.ship);
      expect(x && [x.owner, x.crew.level, x.tf]).toEqual([P1, 'RAW', yielded.tf]);
      expect(run.named<{ passed: boolean }>('MoraleRolled').some((m) => !m.passed)).toBe(true);
    }
    expect(found).toBe(true);
  });
});

describe('standing orders (§4.3)', () => {
  const orders = (text: string) => parseOrders(text).orders;

  it('sets a TF doctrine and the default, merging small-craft targets', () => {
    const s = baseState();
    const run = turnOf(s);
    setStandingOrders(
      run.t,
      P1,
      orders(
        'DOCTRINE TF1 roe=attack F=bombers\nDOCTRINE TF1 B=largest withdrawAt=50\nDOCTRINE DEFAULT pursue=no',
      ),
    );
    expect(taskForce(run.state, P1, 'TF1')?.doctrine).toEqual({
      roe: 'attack',
      withdrawAt: 50,
      smallcraft: { F: 'bombers', B: 'largest' },
    });
    expect(empireById(run.state, P1).doctrine.pursue).toBe(false);
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('rejects an unknown TF, reduces an unknown retreat area, and tells both', () => {
    const s = baseState();
    const text = 'DOCTRINE TF9 roe=attack\nDOCTRINE TF1 roe=avoid retreatTo="999 2H"\nPLANETS callMilitia=no';
    expect(checkStandingOrders(s, P1, orders(text))).toEqual([
      { line: 1, severity: 'error', message: 'you have no task force TF9' },
      { line: 2, severity: 'warning', message: 'you know of no area 999 2H: retreatTo unchanged' },
    ]);
    const run = turnOf(s);
    setStandingOrders(run.t, P1, orders(text));
    expect(taskForce(run.state, P1, 'TF1')?.doctrine).toEqual({ roe: 'avoid' });
    expect(empireById(run.state, P1).planetDoctrine.callMilitia).toBe(false);
    expect(run.state.news[P1].map((n) => `line ${n.line}: ${n.text}`)).toEqual([
      'line 1: DOCTRINE TF9 roe=attack — rejected: you have no task force TF9',
      'line 2: DOCTRINE TF1 roe=avoid retreatTo="999 2H" — reduced: you know of no area 999 2H: retreatTo unchanged',
      'line 3: PLANETS callMilitia=no — done',
    ]);
  });

  it('protects by ships of the TF only, escorts within it, and sets damage priorities', () => {
    const s = baseState();
    const text =
      'PROTECT TF1 CC1 BY DD1 DD9\nPROTECT TF1 CC1 BY DD9\nESCORT TF1 DD2 CC2\nESCORT TF1 DD2 BS1\nPRIORITY "SOE" S,O,E\nPRIORITY DEFAULT E,A';
    expect(checkStandingOrders(s, P1, orders(text)).map((d) => [d.line, d.severity])).toEqual([
      [1, 'warning'],
      [2, 'error'],
      [4, 'error'],
    ]);
    const run = turnOf(s);
    setStandingOrders(run.t, P1, orders(text));
    expect(taskForce(run.state, P1, 'TF1')?.doctrine).toEqual({
      protect: [{ ship: 'CC1', by: ['DD1'] }],
      escort: [{ escort: 'DD2', charge: 'CC2' }],
    });
    expect(empireById(run.state, P1).damagePriority).toEqual({ SOE: ['S', 'O', 'E'], default: ['E', 'A'] });
    setStandingOrders(run.t, P1, orders('PROTECT TF1 CC1 BY\nESCORT TF1 DD2 NONE'));
    expect(taskForce(run.state, P1, 'TF1')?.doctrine).toEqual({ protect: [], escort: [] });
  });
});

describe('craft whose carrier is destroyed (§7.4)', () => {
  it('a shot at them, or by them, folds and is told after their carrier is gone', () => {
    const s = baseState();
    const area = spaceArea(s);
    const carrier = commission(s, P1, 'CV', 'VVSE', area, 'TF1');
    const enemy = commission(s, P2, 'DD', 'SOE', area, 'TF1');
    const craft = { craft: 'F' as const, of: { ship: carrier.id } };
    const events = [
      sfEvent('BattleBegan', { area, week: 1, sides: [[P1], [P2]] }),
      sfEvent('UnitDestroyed', { area, unit: { ship: carrier.id } }),
      sfEvent('Shot', {
        area,
        round: 1,
        by: { ship: enemy.id },
        at: craft,
        rolls: [3],
        hits: { beam: 1, missile: 0 },
        saves: [],
        saved: 0,
        systems: [],
        craft: 1,
      }),
      sfEvent('Shot', {
        area,
        round: 1,
        by: { ...craft, count: 1 },
        at: { ship: enemy.id },
        rolls: [9],
        hits: { beam: 0, missile: 0 },
        saves: [],
        saved: 0,
        systems: [],
        craft: 0,
      }),
    ];
    const after = evolveAll(s, events);
    expect(after.battles.at(-1)!.lines.slice(-2)).toEqual([
      `DD${enemy.number} (Altairians) at F of CV1 (Vegans, destroyed): 1 hit, 0 saved, 1 craft down`,
      `1 F of CV1 (Vegans, destroyed) at DD${enemy.number} (Altairians): 0 hits, 0 saved, 0 systems destroyed`,
    ]);
  });
});
