import { checkOrders } from './check';
import { areasOf, empireById, systemById } from './evolve';
import { parseOrders } from './orders';
import { systemOf, wpArea, type AreaId, type SfState } from './state';
import { freshGame, P1, P2, PLAYERS } from './view-fixtures';

/**
 * Issue 16 (§8.1): an order's check judges an area by what the empire knows, so it answers alike for
 * an area hidden from it and one that is not on the map.
 */

const ORDERS = (area: AreaId) => [
  `DOCTRINE TF1 retreatTo="${area}"`,
  `TF1: GUARD ${area}`,
  `TF1: -> ${area}`,
];

/** What P1 is told of the orders naming `area`, with the area's name blanked. */
function answers(s: SfState, area: AreaId): string[] {
  const orders = parseOrders(ORDERS(area).join('\n')).orders;
  return checkOrders(s, P1, orders).map(
    (d) => `${d.line} ${d.severity} ${d.message.split(area).join('AREA')}`,
  );
}

/** A WP area of `system` that leads nowhere, and a body orbit it does not have. */
function madeUp(s: SfState, system: number): { wp: AreaId; body: AreaId } {
  const areas = areasOf(s, system);
  const to = s.systems.map((x) => x.id).find((id) => id !== system && !areas.includes(wpArea(system, id)));
  const orbit = Math.max(0, ...(systemById(s, system)?.bodies.map((b) => b.orbit) ?? [])) + 1;
  return { wp: wpArea(system, to as number), body: `${system} ${orbit}R` };
}

describe('orders reveal nothing of the hidden map (issue 16)', () => {
  const s = freshGame(PLAYERS.slice(0, 2));
  const home = systemOf(empireById(s, P1).home);
  const other = systemOf(empireById(s, P2).home);

  it('answers alike for the hidden WP ends of its own home system and made-up ones', () => {
    const hidden = areasOf(s, home).filter(
      (a) => a.includes('WP') && !empireById(s, P1).knownWps.includes(a),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const fake = answers(s, madeUp(s, home).wp);
    for (const area of hidden) expect(answers(s, area)).toEqual(fake);
  });

  it("answers alike for another empire's unvisited home system's WPs and planets and made-up ones", () => {
    expect(empireById(s, P1).visited).not.toContain(other);
    const fake = madeUp(s, other);
    const knownFarEnds = empireById(s, P1).knownWps.map((a) =>
      wpArea(Number(a.slice(a.indexOf('WP') + 2)), home),
    );
    const real = areasOf(s, other).filter((a) => !a.endsWith('SURVEY') && !knownFarEnds.includes(a));
    const wps = real.filter((a) => a.includes('WP'));
    const bodies = real.filter((a) => !a.includes('WP'));
    expect(wps.length * bodies.length).toBeGreaterThan(0);
    for (const area of wps) expect(answers(s, area)).toEqual(answers(s, fake.wp));
    for (const area of bodies) expect(answers(s, area)).toEqual(answers(s, fake.body));
  });

  it('still accepts the areas it knows: a planet of its home system and a known WP end', () => {
    const errors = (area: AreaId) => answers(s, area).filter((d) => d.includes(' error '));
    const known = empireById(s, P1).knownWps.find((a) => systemOf(a) === home) as AreaId;
    expect(errors(known)).toEqual(['2 error NO_TARGET: AREA is no planet or own base']);
    expect(errors(`${home} 1R`)).toEqual([]);
  });
});
