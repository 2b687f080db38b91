import './state';
import { evolveAll } from './evolve';
import { parseOrders } from './orders';
import { sfEvent, type SfState } from './state';
import { checkWeekly } from './weeks';
import { HOME1, P1, P2, units, weeks, world } from './weeks-fixtures';

/** Diplomacy (digest §4.4, §8.4, §5 step 0) between the fixture's Vegans (P1) and Altairians (P2). */

const met = evolveAll(world(), [
  sfEvent('ContactMade', { empire: P1, other: P2, area: '2 2R' }),
  sfEvent('ContactMade', { empire: P2, other: P1, area: '2 2R' }),
]);
/** A high-tech NPR at 3 1H (General 0, §3.6). */
const NPR_3 = sfEvent('EmpireFounded', {
  empire: 'NPR-3',
  name: 'NPR 3',
  kind: 'npr',
  civilisation: 'high',
  ro: 3,
  home: '3 1H',
  ep: 10,
  infrastructure: 0,
});
const nextMonth = (s: SfState): SfState => ({ ...s, month: s.month + 1 });
const relation = (s: SfState) => s.relations.map((r) => [r.a, r.b, r.state, r.since]);
const check = (s: SfState, player: string, text: string) =>
  checkWeekly(s, player, parseOrders(text).orders).map((d) => `${d.line}: ${d.message}`);

it('first contact puts a pair at war (§8.4), and tells of it', () => {
  expect(relation(met)).toEqual([[P1, P2, 'war', 1]]);
  expect(met.news[P1]).toEqual([
    { kind: 'contact', week: null, line: null, text: 'Contact with Altairians at 2 2R' },
  ]);
  expect(check(world(), P1, 'PROPOSE Altairians nap')).toEqual([
    '1: NO_CONTACT: no contact with Altairians yet',
  ]);
});

it('a proposal is accepted in a later month and takes effect at the start of that month', () => {
  const proposed = weeks(met, { [P1]: 'PROPOSE Altairians nap' }, 0).state;
  expect(proposed.proposals).toEqual([{ from: P1, to: P2, state: 'nap', month: 1 }]);
  expect(proposed.news[P2]).toContainEqual({
    kind: 'diplomacy',
    week: null,
    line: null,
    text: 'Vegans proposes nap',
  });
  // Not in the month it was made.
  expect(check(proposed, P2, 'ACCEPT Vegans nap')).toEqual(['1: NO_PROPOSAL: Vegans has not proposed nap']);
  const later = nextMonth(proposed);
  expect(check(later, P2, 'ACCEPT Vegans nap\nACCEPT Vegans political')).toEqual([
    '2: NO_PROPOSAL: Vegans has not proposed political',
  ]);
  const accepted = weeks(later, { [P2]: 'ACCEPT vegans nap' }, 0).state;
  expect(relation(accepted)).toEqual([[P1, P2, 'nap', 2]]);
  expect(accepted.proposals).toEqual([]);
  expect(accepted.news[P1]).toContainEqual({
    kind: 'diplomacy',
    week: null,
    line: null,
    text: 'Altairians accepts nap',
  });
});

it('renouncing is war again at once, ends trade markets and proposals; renouncing war is refused', () => {
  const allied = evolveAll(
    nextMonth(evolveAll(met, [sfEvent('ProposalMade', { from: P1, to: P2, treaty: 'economic' })])),
    [
      sfEvent('TreatyAccepted', { empire: P2, other: P1, treaty: 'economic' }),
      sfEvent('ProposalMade', { from: P2, to: P1, treaty: 'political' }),
    ],
  );
  allied.relations[0].market = [P1];
  const renounced = weeks(nextMonth(allied), { [P1]: 'RENOUNCE Altairians' }, 0).state;
  expect(renounced.relations).toEqual([{ a: P1, b: P2, state: 'war', since: 3, market: [] }]);
  expect(renounced.proposals).toEqual([]);
  expect(check(renounced, P1, 'RENOUNCE Altairians')).toEqual([
    '1: NO_TREATY: no treaty with Altairians to renounce',
  ]);
});

it('acceptances come before renunciations, which come before proposals (Decision)', () => {
  const proposed = nextMonth(evolveAll(met, [sfEvent('ProposalMade', { from: P1, to: P2, treaty: 'nap' })]));
  const run = weeks(
    proposed,
    { [P1]: 'RENOUNCE Altairians\nPROPOSE Altairians military', [P2]: 'ACCEPT Vegans nap' },
    0,
  );
  expect(run.types.filter((x) => x !== 'OrderResolved')).toEqual([
    'TreatyAccepted',
    'TreatyRenounced',
    'ProposalMade',
  ]);
  expect(relation(run.state)).toEqual([[P1, P2, 'war', 2]]);
  expect(run.state.proposals).toEqual([{ from: P1, to: P2, state: 'military', month: 2 }]);
});

it('refuses other empires that do not exist, oneself, NPRs, and a treaty already in force', () => {
  const npr = evolveAll(met, [NPR_3, sfEvent('ContactMade', { empire: P1, other: 'NPR-3', area: '3 1H' })]);
  expect(npr.empires[0].metHigherTech).toBe(false);
  expect(check(npr, P1, 'PROPOSE Nobody nap\nPROPOSE Vegans nap\nPROPOSE NPR-3 nap\nRENOUNCE p2')).toEqual([
    '1: NO_EMPIRE: no empire Nobody',
    '2: NO_EMPIRE: diplomacy is with other empires',
    '3: NPR: NPR 3 is a non-player race: no diplomacy',
    '4: NO_TREATY: no treaty with Altairians to renounce',
  ]);
  const war = weeks(npr, { [P1]: 'PROPOSE Altairians military' }, 0).state;
  const treaty = evolveAll(nextMonth(war), [
    sfEvent('TreatyAccepted', { empire: P2, other: P1, treaty: 'military' }),
  ]);
  expect(check(treaty, P1, 'PROPOSE Altairians military')).toEqual([
    '1: ALREADY: already in military with Altairians',
  ]);
});

describe('§6.5 metHigherTech: seeing an empire of a higher General level lifts the research cap', () => {
  /** P2's cruiser at P1's home, seen there at the end of week 1. */
  const visit = world((w) => units(w, P2, 'CC', HOME1, 'TF1'));

  it('at first contact', () => {
    const s = structuredClone(visit);
    s.empires[1].tech.GEN = 1;
    const after = weeks(s, {}, 1);
    expect(after.state.empires.map((e) => e.metHigherTech)).toEqual([true, false]);
    expect(after.types.filter((x) => x === 'HigherTechMet')).toEqual(['HigherTechMet']);
  });

  it('at a sighting after contact, once the other has risen above', () => {
    const first = weeks(visit, {}, 1).state;
    expect(first.empires[0].contacts).toEqual([P2]);
    expect(first.empires[0].metHigherTech).toBe(false);
    first.empires[1].tech.GEN = 1;
    expect(weeks(first, {}, 1).state.empires[0].metHigherTech).toBe(true);
  });

  it('an NPR counts; a lower or equal level does not', () => {
    const s = structuredClone(visit);
    s.empires[0].tech.GEN = 1;
    expect(weeks(s, {}, 1).state.empires.map((e) => e.metHigherTech)).toEqual([false, true]);
    const npr = evolveAll(
      world((w) => units(w, P1, 'CC', '3 1H', 'TF1')),
      [NPR_3],
    );
    expect(weeks(npr, {}, 1).state.empires[0].metHigherTech).toBe(false);
    npr.empires[2].tech.GEN = 1;
    expect(weeks(npr, {}, 1).state.empires[0].metHigherTech).toBe(true);
  });
});
