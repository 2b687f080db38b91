import { createRng, type Rng } from '@warpgate/engine';
import {
  combatClass,
  fight,
  hitChance,
  type CombatClass,
  type Combatant,
  type CombatOutcome,
} from './combat';
import { parseRating } from './design';
import { COMPONENTS, emptyCargo, type Components, type Controls, type StandingOrder } from './state';

const rating = (text: string): Components => {
  const parsed = parseRating(text);
  if (typeof parsed === 'string') throw new Error(`${text}: ${parsed}`);
  return parsed;
};

/** An undamaged TL1 ship under DEFEND with full racks, empty cargo and no controls. */
const ship = (id: number, owner: string, text: string, more: Partial<Combatant> = {}): Combatant => {
  const r = rating(text);
  return {
    id,
    owner,
    tl: 1,
    rating: r,
    intact: { ...r },
    missiles: r.r,
    cargo: emptyCargo(),
    class: 'DS',
    carrier: null,
    controls: null,
    ...more,
  };
};

const controls = (c: Partial<Controls>): Controls => ({ drone: 0, p: 0, t: 0, minSSD: 0, ...c });

/** Every empire's missiles at TL 1. */
const TL1 = { A: 1, B: 1, C: 1, D: 1 };

/**
 * An Rng answering each draw `int(0, hi)` with `answer(hi)`: hi 999 is a hit roll or a 70 % area
 * draw, 399 an estimate, 0 a target draw among one candidate, anything else a box or target draw.
 */
function scripted(answer: (hi: number) => number): Rng {
  const int = (lo: number, hi: number) => {
    const value = lo + answer(hi - lo);
    if (!(value >= lo && value <= hi)) throw new Error(`scripted ${value} outside ${lo}..${hi}`);
    return value;
  };
  return {
    next: () => 0,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle: (items) => [...items],
  };
}

/** Every 0..999 draw answers `roll`, every other draw 0. */
const always = (roll: number) => scripted((hi) => (hi === 999 ? roll : 0));

/** Whether a combatant came out of a combat destroyed or with fewer intact components. */
const damaged = (out: CombatOutcome, c: Combatant): boolean =>
  out.lost[c.id] !== undefined || COMPONENTS.some((k) => out.after[c.id][k] !== c.intact[k]);

/** Whether `target` is damaged at all when every hit roll is `roll`. */
const struck = (roll: number, firer: Combatant, target: Combatant): boolean =>
  damaged(fight([firer, target], TL1, always(roll)), target);

/** Whether the second ship of `fleet` is damaged in any of 20 seeded combats. */
const everDamaged = (fleet: Combatant[]): boolean =>
  Array.from({ length: 20 }, (_, seed) =>
    damaged(fight(fleet, TL1, createRng(`any${seed}`, 1)), fleet[1]),
  ).some(Boolean);

/** The first hit roll that misses: the hit chance the combat used, in tenths. */
const chanceUsed = (firer: Combatant, target: Combatant): number => {
  let chance = 0;
  while (chance < 1000 && struck(chance, firer, target)) chance++;
  return chance;
};

describe('combatClass (§4.3)', () => {
  it.each<[StandingOrder, CombatClass]>([
    [{ kind: 'NONE' }, 'OT'],
    [{ kind: 'DEFEND' }, 'DS'],
    [{ kind: 'SECURE', target: 1010 }, 'DS'],
    [{ kind: 'PATROL' }, 'PS'],
    [{ kind: 'SENTRY', stops: [1010], next: 0 }, 'PS'],
    [{ kind: 'ATTACK', target: 1010, maxSSD: 0 }, 'AT'],
    [{ kind: 'DESTROY', target: 1010, steps: 0, ready: false }, 'OT'],
    [{ kind: 'TO', target: 1010 }, 'OT'],
    [{ kind: 'SHUTTLE', stops: [1010], next: 0 }, 'OT'],
  ])('%j fights as %s', (order, cls) => expect(combatClass(order)).toBe(cls));
});

describe('hitChance (§6.10)', () => {
  const gt14 = {
    weapon: 'P' as const,
    firerSpeed: 20,
    firerTl: 2,
    targetSpeed: 16,
    targetTl: 1,
    evasion: 16,
    coded: false,
  };

  it('GT-14 50 − 24 + 6 + 10 = 42 %, and 37 % with a COMBAT P code', () => {
    expect(hitChance(gt14)).toBe(420);
    expect(hitChance({ ...gt14, coded: true })).toBe(370);
  });

  it('never penalises drones for a code, and clamps to [0, 1000]', () => {
    const drone = { ...gt14, weapon: 'drone' as const, firerSpeed: 30 };
    expect(hitChance({ ...drone, coded: true })).toBe(hitChance(drone));
    expect(hitChance({ ...gt14, firerTl: 9 })).toBe(1000);
    expect(hitChance({ ...gt14, weapon: 'missile', firerSpeed: 0, evasion: 20 })).toBe(0);
  });

  it('GT-14 is the chance the combat uses: 420, and 370 with COMBAT code 3', () => {
    const target = ship(2, 'B', '/;;20/16-16', { class: 'OT' });
    expect(chanceUsed(ship(1, 'A', '2P//20-20', { tl: 2 }), target)).toBe(420);
    const coded = ship(1, 'A', '2P//20-20', { tl: 2, controls: controls({ p: 3 }) });
    expect(chanceUsed(coded, target)).toBe(370);
  });

  it('platforms fire their P-types at speed 10 and are hit as speed 0, never manoeuvring', () => {
    // 50 − 1.5·4 (manoeuvring) + 1.5·(10 − 4) = 53 %.
    expect(chanceUsed(ship(1, 'A', '1P//'), ship(2, 'B', '/;;5/-4', { class: 'OT' }))).toBe(530);
    // An unarmed platform: 50 + 1.5·(5 − 0) = 57.5 %.
    expect(chanceUsed(ship(1, 'A', '1P//-5'), ship(2, 'B', '/;;10/', { class: 'OT' }))).toBe(575);
  });
});

describe('damage (§6.7, §7.6)', () => {
  /** Damage of one P-type hit by `firer` on a 30-cargo hull: each point takes the next box. */
  function pointsOfOneHit(firer: Combatant): number {
    let rolls = 0;
    let box = 0;
    const rng = scripted((hi) => (hi === 999 ? (rolls++ === 0 ? 0 : 999) : hi === 0 ? 0 : box++));
    const out = fight([firer, ship(2, 'B', '/;;30/-1', { class: 'OT' })], TL1, rng);
    return 30 - out.after[2].c;
  }

  it('GT-13 a 5-SSD ship hits for 1 at TL1 and 2 at TL2; a 6-SSD ship for 2 at both', () => {
    expect(pointsOfOneHit(ship(1, 'A', '5P//-1'))).toBe(1);
    expect(pointsOfOneHit(ship(1, 'A', '5P//-1', { tl: 2 }))).toBe(2);
    expect(pointsOfOneHit(ship(1, 'A', '6P//-1'))).toBe(2);
    expect(pointsOfOneHit(ship(1, 'A', '6P//-1', { tl: 2 }))).toBe(2);
  });

  it('GT-15 NIGHTMARE has 24/16/16 boxes in its areas plus 25 excess boxes', () => {
    const nightmare = ship(2, 'B', '2D+10P+2T10/4;2;10/8-8', { class: 'OT' });
    const boxDraws = (code: number): number[] => {
      const his = new Set<number>();
      // The firer hits every time; every area draw lands in the area; boxes are drawn from the start.
      const rng = scripted((hi) => {
        if (hi !== 999 && hi !== 399 && hi !== 0) his.add(hi + 1);
        return 0;
      });
      fight([ship(1, 'A', '10P//-20', { tl: 3, controls: controls({ p: code }) }), nightmare], TL1, rng);
      return [...his];
    };
    // NIGHTMARE (class OT) is destroyed before it may fire: its boxes are the only ones drawn.
    expect(boxDraws(0)).toEqual([81]);
    expect(boxDraws(1)).toEqual([24]);
    expect(boxDraws(2)).toEqual([16]);
    expect(boxDraws(3)).toEqual([16]);
  });

  it('GT-15 its shield pool is 4 × 5 = 20 points: 5 direct TL1 missile hits leave it untouched, 6 put 4 on the hull', () => {
    const afterMissiles = (count: number) => {
      let box = 0;
      const rng = scripted((hi) => (hi === 999 || hi === 399 || hi === 0 ? 0 : hi === 80 ? box++ : 0));
      const nightmare = ship(2, 'B', '2D+10P+2T10/4;2;10/8-8', { class: 'OT' });
      return fight([ship(1, 'A', `${count}T${count}//-1`), nightmare], TL1, rng).after[2];
    };
    expect(afterMissiles(5)).toEqual(rating('2D+10P+2T10/4;2;10/8-8'));
    // Four points take the first four boxes: both drone bays and two P-types.
    expect(afterMissiles(6)).toMatchObject({ d: 0, p: 8, t: 2 });
  });

  it('GT-16 one point on a star drive disables it and two more: 8 working star drives → 5', () => {
    const hitEngines = (box: number) => {
      const rolls = [0, 0]; // the hit, then the 70 % draw into the engines area
      const rng = scripted((hi) => (hi === 999 ? (rolls.shift() ?? 999) : hi === 15 ? box : 0));
      const firer = ship(1, 'A', '1P//-1', { controls: controls({ p: 3 }) });
      return fight([firer, ship(2, 'B', '/;;5/8-8', { class: 'OT' })], TL1, rng).after[2];
    };
    expect(hitEngines(0)).toMatchObject({ c: 5, sd: 5, id: 8 });
    expect(hitEngines(8)).toMatchObject({ c: 5, sd: 8, id: 5 });
  });

  it('a rack or cargo bay lost takes a missile or a unit of the largest holding when they no longer fit', () => {
    let rolls = 0;
    const boxes = [1, 5]; // the first rack, then the first cargo bay
    const rng = scripted((hi) =>
      hi === 999 ? (rolls++ < 2 ? 0 : 999) : hi === 0 || hi === 399 ? 0 : (boxes.shift() ?? 0),
    );
    const target = ship(2, 'B', '1T4/;;4/-1', { class: 'OT', cargo: { pi: 2, pv: 1, missiles: 1 } });
    const out = fight([ship(1, 'A', '2P//-20'), target], TL1, rng);
    expect(out.after[2]).toMatchObject({ t: 1, r: 3, c: 3 });
    expect(out.missiles[2]).toBe(3);
    expect(out.cargo[2]).toEqual({ pi: 1, pv: 1, missiles: 1 });
  });

  it('destroys a ship for certain once it has taken components + ⌈drives/3⌉ + SSD hull points', () => {
    // FX /;;10/20-1: 10 + ⌈20/3⌉ + ⌈1/3⌉ + 2 = 20 points; 4 sure TL5 hits of 5 points are exactly that.
    for (let seed = 0; seed < 50; seed++) {
      const firer = ship(1, 'A', '4P//-20', { tl: 5 });
      const out = fight(
        [firer, ship(2, 'B', '/;;10/20-1', { class: 'OT' })],
        TL1,
        createRng(`bound${seed}`, 1),
      );
      expect(out.lost[2]).toBe(1);
    }
  });
});

describe('targeting (§7.3, §7.5)', () => {
  it('GT-17 P-types with code 3 prefer ships with engines', () => {
    // The firer (class OT) fires from round 3: at most 8 points, too few to take 40 engines or 10 excess boxes.
    const fleet = (p: number): Combatant[] => [
      ship(1, 'A', '1P//-1', { class: 'OT', controls: controls({ p }) }),
      ship(2, 'B', '/;;10/', { class: 'OT' }),
      ship(3, 'B', '/;;50/20-20', { class: 'OT' }),
    ];
    expect(everDamaged(fleet(3))).toBe(false);
    expect(everDamaged(fleet(0))).toBe(true);
  });

  it('GT-17 T-types with code 2 prefer ships with main-area components', () => {
    // Only the missiles (all fired in round 1, before B may fire) can touch B's ships.
    const fleet = (t: number): Combatant[] => [
      ship(1, 'A', '8T8//-1', { controls: controls({ t }) }),
      ship(2, 'B', '10P//-1', { class: 'OT' }),
      ship(3, 'B', '10P/1;;/-1', { class: 'OT' }),
    ];
    expect(everDamaged(fleet(2))).toBe(false);
    expect(everDamaged(fleet(0))).toBe(true);
  });

  it('GT-17 T-types with minSSD 200 fire only if the estimate of the enemy total reaches 200', () => {
    // Enemies whose drones see only missiles: Medium and armed, so missile targets, harmless to ships.
    const missilesLeft = (enemies: number, seed: number) => {
      const fleet = [ship(1, 'A', '4T8//-1', { controls: controls({ t: 0, minSSD: 200 }) })];
      for (let i = 0; i < enemies; i++)
        fleet.push(ship(10 + i, 'B', '5D//-1', { class: 'OT', controls: controls({ drone: 6 }) }));
      return fight(fleet, TL1, createRng(`minssd${seed}`, 1)).missiles[1];
    };
    for (let seed = 0; seed < 20; seed++) {
      expect(missilesLeft(15, seed)).toBe(8); // 150 SSD: the estimate is at most 180
      expect(missilesLeft(25, seed)).toBeLessThan(8); // 250 SSD: the estimate is at least 200
    }
  });

  it('a missile fleet facing only Small or unarmed ships never fires', () => {
    for (let seed = 0; seed < 20; seed++) {
      const fleet = [
        ship(1, 'A', '3T9//-16'),
        ship(2, 'A', '3T9//-16'),
        ship(3, 'B', '4P/1;;/-16', { class: 'OT' }),
        ship(4, 'B', '4P/1;;/-16', { class: 'OT' }),
        ship(5, 'B', '/;;30/14-1', { class: 'OT' }),
      ];
      const out = fight(fleet, TL1, createRng(`small${seed}`, 1));
      for (const b of fleet.slice(2)) expect(out.after[b.id]).toEqual(b.rating);
    }
  });

  it('drones with code 0 go for missiles in flight first; with code 5 they are blind to them', () => {
    // Every roll hits: a drone that picks the missile shoots it down before it strikes.
    const afterMissile = (drone: number) =>
      fight(
        [
          ship(1, 'A', '1T1//-1', { class: 'AT' }),
          ship(2, 'B', '1D+4P//-1', { class: 'AT', controls: controls({ drone }) }),
        ],
        TL1,
        always(0),
      ).after[2];
    expect(afterMissile(0)).toEqual(rating('1D+4P//-1'));
    expect(afterMissile(5)).toMatchObject({ d: 0 });
  });
});

describe('hangared ships (§7.2, §7.4, §7.7)', () => {
  // Every roll hits, every other draw takes the last candidate: the highest id or the last box (excess).
  const lastEverything = () => scripted((hi) => (hi === 999 || hi === 399 ? 0 : hi));

  it('deploy in round 2 and are loose when their carrier is gone', () => {
    const out = fight(
      [
        ship(1, 'A', '/;1;/-1', { class: 'OT' }),
        ship(2, 'A', '5P//-1', { class: 'OT', carrier: 1 }),
        ship(3, 'B', '1P//-20'),
      ],
      TL1,
      lastEverything(),
    );
    // Round 1: only the carrier is a target; the fighter is hit from round 2 and fires from round 3.
    expect(out).toMatchObject({ rounds: 3, lost: { 1: 1, 3: 3 }, loose: [2] });
  });

  it('of a patrolling carrier are already out; a deploying one dies with its hangar in round 1', () => {
    const scout = ship(3, 'B', '1P//-20', { class: 'SC' });
    const fleet = (cls: CombatClass) => [
      ship(1, 'A', '/;1;/-1', { class: cls }),
      ship(2, 'A', '5P//-1', { class: cls, carrier: 1 }),
      scout,
    ];
    // Patrol ships fire at caught scouts in round 1; a deploying fighter only in round 2.
    expect(fight(fleet('PS'), TL1, lastEverything()).lost[3]).toBe(1);
    expect(fight(fleet('DS'), TL1, lastEverything()).lost[3]).toBe(2);

    // An attacker under DEFEND whose every point lands on the carrier's hangar box in round 1.
    const attacker = ship(3, 'B', '1P//-20', { controls: controls({ p: 2 }) });
    expect(fight([...fleet('DS').slice(0, 2), attacker], TL1, always(0)).lost[2]).toBe(1);
    expect(fight([...fleet('PS').slice(0, 2), attacker], TL1, always(0)).loose).toEqual([2]);
  });
});

describe('fight', () => {
  it('GT-31 two fleets that cannot hurt each other fight exactly 10 rounds and both survive', () => {
    const out = fight(
      [ship(1, 'A', '/;;10/20-1'), ship(2, 'B', '/;;30/14-1', { class: 'OT' })],
      TL1,
      createRng('gt31', 1),
    );
    expect(out.rounds).toBe(10);
    expect(Object.keys(out.after)).toEqual(['1', '2']);
    expect(out.lost).toEqual({});
  });

  it('ends as soon as at most one empire has ships left', () => {
    const out = fight(
      [ship(1, 'A', '4P//-20', { tl: 5 }), ship(2, 'B', '/;;10/20-1', { class: 'OT' })],
      TL1,
      createRng('end', 1),
    );
    expect(out.rounds).toBe(1);
  });

  it('is deterministic: the same seed gives the same outcome, whatever the order of the combatants', () => {
    for (let seed = 0; seed < 10; seed++) {
      const { combatants, missileTl } = randomCombat(createRng(`det${seed}`, 0));
      expect(fight(combatants, missileTl, createRng(`det${seed}`, 1))).toEqual(
        fight([...combatants].reverse(), missileTl, createRng(`det${seed}`, 1)),
      );
    }
  });

  it('never throws on random fleets, and no ship gains anything', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { combatants, missileTl } = randomCombat(createRng(`prop${seed}`, 0));
      const out = fight(combatants, missileTl, createRng(`prop${seed}`, 1));
      expect(violations(combatants, out)).toEqual([]);
    }
  });
});

/**
 * What is wrong with an outcome (conservation): every ship lost in a round fought or surviving, no
 * survivor gains a component, missile or cargo unit, racks and holds never overfull, the combat
 * stops early only when at most one empire is left, and only surviving hangared ships are loose.
 */
function violations(combatants: Combatant[], out: CombatOutcome): string[] {
  const wrong: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) wrong.push(what);
  };
  check(out.rounds >= 0 && out.rounds <= 10, `rounds ${out.rounds}`);
  const survivors = new Set<string>();
  for (const c of combatants) {
    const lost = out.lost[c.id];
    const after = out.after[c.id];
    check((lost === undefined) !== (after === undefined), `${c.id} lost and surviving`);
    if (lost !== undefined) {
      check(lost >= 1 && lost <= out.rounds, `${c.id} lost in round ${lost}`);
      continue;
    }
    survivors.add(c.owner);
    for (const k of COMPONENTS) check(after[k] >= 0 && after[k] <= c.intact[k], `${c.id} ${k}`);
    const missiles = out.missiles[c.id];
    check(missiles >= 0 && missiles <= Math.min(c.missiles, after.r), `${c.id} missiles ${missiles}`);
    const { pi, pv, missiles: held } = out.cargo[c.id];
    check(pi >= 0 && pv >= 0 && held >= 0, `${c.id} negative cargo`);
    check(pi <= c.cargo.pi && pv <= c.cargo.pv && held <= c.cargo.missiles, `${c.id} cargo gained`);
    check(pi + pv + held <= after.c, `${c.id} cargo over ${after.c} bays`);
  }
  check(out.rounds === 10 || survivors.size <= 1, `stopped after ${out.rounds} rounds`);
  for (const id of out.loose)
    check(
      out.after[id] !== undefined && combatants.some((c) => c.id === id && c.carrier !== null),
      `loose ${id}`,
    );
  return wrong;
}

const CLASSES: CombatClass[] = ['DS', 'PS', 'AT', 'SC', 'OT'];

/** 2–4 empires of up to 25 ships each, of random (not necessarily legal) designs, some hangared. */
function randomCombat(rng: Rng): { combatants: Combatant[]; missileTl: Record<string, number> } {
  const n = (max: number) => (rng.int(0, 2) === 0 ? 0 : rng.int(0, max));
  const empires = ['A', 'B', 'C', 'D'].slice(0, rng.int(2, 4));
  const combatants: Combatant[] = [];
  let id = 1000;
  const add = (owner: string, r: Components, cls: CombatClass, tl: number, carrier: number | null) => {
    const intact = { ...r };
    for (const k of COMPONENTS) if (rng.int(0, 3) === 0) intact[k] = rng.int(0, r[k]);
    const missiles = rng.int(0, intact.r);
    const pi = rng.int(0, intact.c);
    const pv = rng.int(0, intact.c - pi);
    const c: Combatant = {
      id: (id += rng.int(1, 50)),
      owner,
      tl,
      rating: r,
      intact,
      missiles,
      cargo: { pi, pv, missiles: rng.int(0, intact.c - pi - pv) },
      class: cls,
      carrier,
      controls:
        rng.int(0, 1) === 0
          ? null
          : { drone: rng.int(0, 6), p: [0, 1, 2, 3, 4, 6][rng.int(0, 5)], t: rng.int(0, 4), minSSD: n(300) },
    };
    combatants.push(c);
    return c;
  };
  for (const owner of empires) {
    const tl = rng.int(1, 6);
    for (let i = rng.int(1, 25); i > 0; i--) {
      const r = {
        d: n(4),
        p: n(12),
        t: n(3),
        r: n(15),
        s: n(6),
        h: n(3),
        c: n(20),
        sd: n(20),
        id: n(20),
      };
      const carrier = add(owner, r, CLASSES[rng.int(0, 4)], tl, null);
      for (let j = rng.int(0, carrier.intact.h); j > 0; j--)
        add(
          owner,
          { d: 0, p: n(4), t: 0, r: 0, s: n(1), h: 0, c: 0, sd: 0, id: rng.int(1, 16) },
          carrier.class,
          tl,
          carrier.id,
        );
    }
  }
  // Ship ids ascend with creation; the combat must not depend on the order it is given.
  return {
    combatants: rng.shuffle(combatants),
    missileTl: Object.fromEntries(empires.map((e) => [e, rng.int(1, 6)])),
  };
}
