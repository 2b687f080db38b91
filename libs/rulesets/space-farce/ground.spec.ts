import { createRng } from '@warpgate/engine';
import { contested, fightArea } from './combat';
import { AVG, P1, P2, baseState, colony, commission, planetArea, scripted, turnOf } from './combat-fixtures';
import { apply, bodyAt, empireById, evolveAll, taskForce } from './evolve';
import { destroyPopulation } from './ground';
import { sfEvent, type SfState } from './state';

/** The planet's part of a fight (digest §7.6, §7.7). */

/** p2's colony of `ep` EP at an open planet, and p1's TF5 there with `design` ships. */
function invasion(ep: number, design: string, count = 1) {
  const s = baseState();
  const area = planetArea(s);
  colony(s, area, P2, ep);
  const ships = Array.from({ length: count }, () => commission(s, P1, 'AT', design, area, 'TF5'));
  return { s, area, ships };
}

const body = (s: SfState, area: string) => bodyAt(s, area)!;

/** p2's planet, captured by p1, whose 3 PCF hold it. */
function captured() {
  const s = baseState();
  const area = planetArea(s);
  colony(s, area, P1, 5);
  Object.assign(body(s, area), { owner: P1, capturedFrom: P2 });
  apply(s, sfEvent('PcfRaised', { area, owner: P1, count: 3, crew: AVG }));
  return { s, area };
}

describe('landing, ground combat and capture (§7.6)', () => {
  it('PCF aboard a TF with an As and a V land and take an undefended planet', () => {
    const { s, area, ships } = invasion(5, 'CCVEEE');
    ships[0].cargo.pcf = { count: 2, crew: AVG };
    ships[0].craft.As = 1;
    taskForce(s, P1, 'TF5')!.doctrine = { landPCF: true };
    empireById(s, P2).planetDoctrine.callMilitia = false;
    const run = turnOf(s, scripted([]));
    fightArea(run.t, area, 3);
    expect(run.named('PcfLanded')).toEqual([
      { area, owner: P1, from: [{ ship: ships[0].id, count: 2 }], crew: AVG },
    ]);
    expect(run.named('AreaCaptured')).toEqual([{ area, by: P1, from: P2 }]);
    expect(body(run.state, area)).toMatchObject({
      owner: P1,
      capturedFrom: P2,
      garrisons: [{ owner: P1, count: 2 }],
    });
    expect(evolveAll(s, run.events)).toEqual(run.state);
  });

  it('does not land without an As, nor while the planet has an enemy ground base', () => {
    for (const variant of ['no As', 'ground base']) {
      const { s, area, ships } = invasion(5, 'CCVEEE');
      ships[0].cargo.pcf = { count: 2, crew: AVG };
      ships[0].craft.As = variant === 'no As' ? 0 : 1;
      taskForce(s, P1, 'TF5')!.doctrine = { landPCF: true };
      if (variant === 'ground base') apply(s, sfEvent('GroundBaseBuilt', { area, design: 'AAA', crew: AVG }));
      const run = turnOf(s, createRng('landing', 1));
      fightArea(run.t, area, 1);
      expect(run.named('PcfLanded')).toEqual([]);
    }
  });

  it('militia die first and each lowers the current EP; the fight goes on until one side is gone', () => {
    const s = baseState();
    const area = planetArea(s);
    colony(s, area, P2, 3);
    apply(s, sfEvent('PcfRaised', { area, owner: P1, count: 6, crew: AVG }));
    const run = turnOf(s, createRng('ground', 4));
    fightArea(run.t, area, 1);
    expect(evolveAll(s, run.events)).toEqual(run.state);
    const fire = run.named<{ owner: string; pcf: number; militia: number; round: number }>('GroundFire');
    const militia = fire.filter((f) => f.owner === P2).reduce((n, f) => n + f.militia, 0);
    expect(body(run.state, area).currentEp).toBe(3 - militia);
    expect(fire.filter((f) => f.owner === P2).every((f) => f.pcf === 0)).toBe(true);
    const p1Left = body(run.state, area).garrisons.find((g) => g.owner === P1)?.count ?? 0;
    expect(body(run.state, area).owner).toBe(p1Left > 0 && militia === 3 ? P1 : P2);
    // Round 1: the defender's initiative has +1.
    const [first] = run.named<{ initiative: { owner: string; roll: number; total: number }[] }>(
      'GroundRound',
    );
    const d = first.initiative.find((i) => i.owner === P2)!;
    expect(d.total).toBe(d.roll + 1);
  });
});

describe('space-to-ground (§7.6 step 1)', () => {
  it('ships fire only missiles at the ground base; it fires back', () => {
    const { s, area } = invasion(10, 'SA/\\/\\OE', 2);
    apply(s, sfEvent('GroundBaseBuilt', { area, design: 'AA/\\', crew: AVG }));
    taskForce(s, P1, 'TF5')!.doctrine = { attackPlanet: true };
    const run = turnOf(s, createRng('s2g', 2));
    fightArea(run.t, area, 1);
    expect(evolveAll(s, run.events)).toEqual(run.state);
    const shots = run.named<{
      by: { ship?: number };
      at: { groundBase?: string; ship?: number };
      hits: { beam: number };
    }>('Shot');
    const atBase = shots.filter((x) => x.at.groundBase === area);
    expect(atBase.length).toBeGreaterThan(0);
    expect(atBase.every((x) => x.hits.beam === 0 && x.by.ship !== undefined)).toBe(true);
    expect(shots.some((x) => x.at.ship !== undefined)).toBe(true);
  });
});

describe('bombardment and population destruction (§7.7)', () => {
  it('each /\\ of a bombarding ship rolls once: 9+ costs a current EP, max unchanged', () => {
    const { s, area } = invasion(10, '/\\/\\/\\E');
    taskForce(s, P1, 'TF5')!.doctrine = { bombard: true };
    const run = turnOf(s, scripted([9, 10, 8]));
    fightArea(run.t, area, 2);
    expect(run.named('Bombarded')).toEqual([
      { area, ship: s.ships[s.ships.length - 1].id, rolls: [9, 10, 8], hits: 2 },
    ]);
    expect([body(run.state, area).currentEp, body(run.state, area).maxEp]).toEqual([8, 10]);
  });

  it('§5 d4: a ground fight left unfinished (MAX_GROUND_ROUNDS) goes on next week with no TF in the area', () => {
    const s = baseState();
    const area = planetArea(s);
    colony(s, area, P2, 5);
    empireById(s, P2).planetDoctrine.callMilitia = false;
    body(s, area).garrisons = [
      { owner: P1, count: 40, crew: AVG },
      { owner: P2, count: 40, crew: AVG },
    ];
    expect(s.taskForces.filter((tf) => tf.area === area)).toEqual([]);
    expect(contested(s)).toContain(area);
    const run = turnOf(s, createRng('ground-resumes', 1));
    fightArea(run.t, area, 2);
    expect(run.named('GroundRound').length).toBeGreaterThan(0);
  });

  it('§7.7 bombardment hits on d10 + crewHit + weaponTechHit ≥ 9: no commander bonus', () => {
    const { s, area, ships } = invasion(10, '/\\/\\/\\E');
    ships[0].crew = { level: 'ELT', battles: 10 };
    taskForce(s, P1, 'TF5')!.doctrine = { bombard: true };
    const run = turnOf(s, scripted([5, 6, 1]));
    fightArea(run.t, area, 2);
    // Elite crew +3: 6 hits, 5 does not (an elite commander's +1 is for ship fire only).
    expect(run.named('Bombarded')).toEqual([{ area, ship: ships[0].id, rolls: [5, 6, 1], hits: 1 }]);
  });

  it("a month of the captor's PCF lowers max EP by their number; the race's last area is genocide", () => {
    const { s, area } = captured();
    empireById(s, P1).doctrine.destroyPopulation = true;
    const run = turnOf(s, scripted([]));
    destroyPopulation(run.t, s);
    expect(run.named('PopulationDestroyed')).toEqual([{ area, by: P1, ep: 3, genocide: false }]);
    expect([body(run.state, area).maxEp, empireById(run.state, P1).destroyedPopulation]).toEqual([2, true]);

    // PCF landed this month (not the captor's at the start) do nothing yet.
    const later = turnOf(s, scripted([]));
    const before = evolveAll(s, []);
    Object.assign(body(before, area), { owner: P2, capturedFrom: null });
    destroyPopulation(later.t, before);
    expect(later.events).toEqual([]);

    // The home world is p2's last area: destroying it all is genocide.
    const home = empireById(s, P2).home;
    Object.assign(body(s, home), {
      owner: P1,
      capturedFrom: P2,
      garrisons: [{ owner: P1, count: 30, crew: AVG }],
    });
    Object.assign(body(s, area), { maxEp: 0, currentEp: 0 });
    const last = turnOf(s, scripted([]));
    destroyPopulation(last.t, s);
    expect(last.named('PopulationDestroyed')).toEqual([{ area: home, by: P1, ep: 25, genocide: true }]);
    expect(empireById(last.state, P1).genocide).toBe(true);
  });

  it('§7.7 destroyPopulation: a captor TF at the area decides by its own doctrine; with none there, the empire default', () => {
    const { s, area } = captured();
    const destroyed = (state: SfState) => {
      const run = turnOf(state, scripted([]));
      destroyPopulation(run.t, state);
      return run.named('PopulationDestroyed').length;
    };
    expect(destroyed(s)).toBe(0);
    commission(s, P1, 'AT', 'CCVEEE', area, 'TF5');
    taskForce(s, P1, 'TF5')!.doctrine = { destroyPopulation: true };
    expect(destroyed(s)).toBe(1);
    empireById(s, P1).doctrine.destroyPopulation = true;
    taskForce(s, P1, 'TF5')!.doctrine = { destroyPopulation: false };
    expect(destroyed(s)).toBe(0);
  });
});
