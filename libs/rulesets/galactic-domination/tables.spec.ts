import {
  available,
  capacity,
  CHARTS,
  countsCost,
  fleetSpeed,
  HULLS,
  neutralForces,
  npcFleet,
  odsStats,
  opportunities,
  RACE_CODES,
  raceByName,
  RACES,
  segmentsFor,
  typeOfCode,
  UNIT_TYPES,
  UNITS,
  type UnitCounts,
  type UnitType,
} from './tables';

/** Digest §2.1, §2.3, §6.2–§6.4: the tables and their worked examples. */

const units = (counts: UnitCounts) =>
  (Object.entries(counts) as [UnitType, number][]).flatMap(([type, n]) =>
    Array.from({ length: n }, () => ({ type, speedBonus: 0 })),
  );

describe('units and races', () => {
  it('GD-3: the Gazegi Battle Fortress (9 × 3) rolls 27 dice at ≤ 9, Defense 27', () => {
    expect(odsStats('G')).toMatchObject({ dice: 27, hitOn: 9, defense: 27, cost: 27 });
    expect(RACES.G.ods).toBe('Battle Fortress');
    // §10 #5: the Terran ODS is the table's Orbital Forts.
    expect(RACES.S.ods).toBe('Orbital Forts');
    expect(odsStats('S')).toMatchObject({ dice: 32, hitOn: 8, defense: 25 });
    expect(odsStats('P')).toMatchObject({ dice: 30, hitOn: 10 });
  });

  it('rolls A dice at ≤ A, but Ftr 2 at ≤ 4 and RA 12 at ≤ 6 (§6.1)', () => {
    expect(UNITS.FF).toMatchObject({ dice: 4, hitOn: 4, defense: 3, cost: 3, speed: 3 });
    expect(UNITS.BB).toMatchObject({ dice: 8, hitOn: 8, defense: 7, cost: 9, mi: 2 });
    expect(UNITS.Ftr).toMatchObject({ dice: 2, hitOn: 4, defense: 1, carried: true });
    expect(UNITS.RA).toMatchObject({ dice: 12, hitOn: 6, defense: 5, cost: 8, mi: 2 });
    expect(UNITS.TT).toMatchObject({ dice: 0, mi: 4, cost: 2 });
    expect(UNITS.CV).toMatchObject({ ftr: 12, cost: 6, speed: 3 });
  });

  it('gives every type a distinct id letter, and every race a name', () => {
    const codes = UNIT_TYPES.map((t) => UNITS[t].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const t of UNIT_TYPES) expect(typeOfCode(UNITS[t].code)).toBe(t);
    expect(typeOfCode('Z')).toBeUndefined();
    for (const c of RACE_CODES) expect(raceByName(RACES[c].name.toUpperCase())).toBe(c);
    expect(raceByName('constructor')).toBeUndefined();
  });

  it('keeps CV and Ftr from the Gromar, and GS and RA for them (§2.1)', () => {
    expect(available('M', 'RA') && available('M', 'GS') && available('M', 'BB')).toBe(true);
    expect(available('M', 'CV') || available('M', 'Ftr')).toBe(false);
    expect(available('S', 'RA') || available('S', 'GS')).toBe(false);
    expect(available('S', 'CV') && available('S', 'Ftr')).toBe(true);
  });

  it('GD-13: the Improvised Troopship fleets cost $17 and $15, 32 in all', () => {
    expect(countsCost({ BB: 1, CA: 1, MI: 2 })).toBe(17);
    expect(countsCost({ CA: 1, MI: 1, DD: 2 })).toBe(15);
  });

  it('GD-15: 2 CA = 2 CV and 3 DD = 2 CA, $12 each', () => {
    expect(countsCost({ CA: 2 })).toBe(12);
    expect(countsCost({ CV: 2 })).toBe(12);
    expect(countsCost({ DD: 3 })).toBe(countsCost({ CA: 2 }));
  });

  it('moves a fleet at its slowest non-carried unit, plus HIED bonuses', () => {
    expect(fleetSpeed(units({ CV: 1, Ftr: 12, FF: 3, TT: 1, MI: 3 }))).toBe(3);
    expect(fleetSpeed(units({ BB: 1, TT: 2, MI: 7 }))).toBe(2);
    expect(fleetSpeed(units({ MI: 2 }))).toBe(0);
    expect(fleetSpeed([{ type: 'FF', speedBonus: 1 }])).toBe(4);
    expect(capacity({ BB: 1, TT: 2, CV: 1 })).toEqual({ mi: 10, ftr: 12 });
  });
});

describe('movement charts (§6.2)', () => {
  it('GD-6: on the 3-segment chart speed 2 moves in segments 2 and 3, speed 1 in 3 only', () => {
    expect(opportunities(3, 1)).toEqual([3]);
    expect(opportunities(3, 2)).toEqual([2, 3]);
    expect(opportunities(3, 3)).toEqual([1, 2, 3]);
  });

  it('GD-7: on the 4-segment chart a speed-3 unit that stays in segment 2 still moves in 3 and 4', () => {
    const segments = opportunities(4, 3);
    expect(segments).toEqual([2, 3, 4]);
    // Staying in segment 2 loses that opportunity only: 2 hexes that turn.
    expect(segments.filter((s) => s !== 2)).toHaveLength(2);
  });

  it('gives a unit of speed s exactly s opportunities on every chart, within the chart', () => {
    for (const s of [3, 4, 5, 6])
      for (let speed = 1; speed <= s; speed++) {
        const o = opportunities(s, speed);
        expect(o).toHaveLength(speed);
        expect(o.every((x) => x >= 1 && x <= s)).toBe(true);
        expect(o[o.length - 1]).toBe(s);
      }
    expect(Object.keys(CHARTS)).toEqual(['3', '4', '5', '6']);
    expect(opportunities(3, 0)).toEqual([]);
    expect(opportunities(3, 5)).toEqual([1, 2, 3]);
  });

  it('picks the chart by the fastest unit on the board, 3 at least', () => {
    expect(segmentsFor(2)).toBe(3);
    expect(segmentsFor(3)).toBe(3);
    expect(segmentsFor(4)).toBe(4);
    expect(segmentsFor(9)).toBe(6);
  });
});

describe('NPC forces', () => {
  it('GD-4: turn 1, Neutral World, d6 = 3 → 1 DD and 1 GBDS in space, 1 MI on the ground', () => {
    expect(neutralForces(3)).toEqual({ DD: 1, GBDS: 1, MI: 1 });
  });

  it('reads the Neutral table to 16 (§6.3)', () => {
    expect(neutralForces(1)).toEqual({ FF: 1, MI: 1 });
    expect(neutralForces(13)).toEqual({ FF: 2, DD: 2, CA: 2, BB: 2, GBDS: 2, CV: 1, Ftr: 6, MI: 4 });
    expect(neutralForces(16)).toEqual({ FF: 2, DD: 2, CA: 2, BB: 2, GBDS: 3, CV: 2, Ftr: 24, MI: 6 });
  });

  it('GD-5: turn 9, pirate d6 = 5 → 14 → 1 BB, 2 CA, 3 DD', () => {
    expect(npcFleet(9 + 5)).toEqual({ BB: 1, CA: 2, DD: 3 });
  });

  it('reads the pirate table by ranges (§6.4)', () => {
    expect(npcFleet(1)).toEqual({});
    expect(npcFleet(2)).toEqual({ FF: 1 });
    expect(npcFleet(12)).toEqual({ BB: 1, CA: 1, DD: 3 });
    expect(npcFleet(22)).toEqual({ CV: 1, FF: 5, Ftr: 12 });
    expect(npcFleet(36)).toEqual({ BB: 3, CA: 6, DD: 10 });
    expect(npcFleet(40)).toEqual({ BB: 2, CV: 2, RA: 2, Ftr: 24 });
  });
});

describe('incomplete hulls (§6.5)', () => {
  it('has the hull table as printed: Defense, book value and the cost to finish (§10 #29)', () => {
    const rows = UNIT_TYPES.flatMap((t) => {
      const h = HULLS[t];
      return h ? [[t, h.defense, h.value, h.finish]] : [];
    });
    expect(rows).toEqual([
      ['FF', 1, 2, 2],
      ['DD', 1, 2, 3],
      ['CA', 2, 4, 3],
      ['BB', 3, 6, 4],
      ['GS', 4, 5, 3],
      ['RA', 3, 5, 4],
      ['CV', 3, 4, 3],
      ['TT', 1, 2, 1],
    ]);
  });
});
