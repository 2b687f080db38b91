import {
  closeTurn,
  createGame,
  createRng,
  fold,
  joinGame,
  resolveClosedTurn,
  resolveSettings,
  setupGame,
  startGame,
  submitOrders,
  verifyGame,
  type RulesetEvent,
  type Settings,
} from '@warpgate/engine';
import { addGroup, addType, home, planet, play, race, section, text, tiny } from './fixtures';
import { galaxy } from './index';
import { recorder } from '../record';
import { RULES_VERSION, type GalaxyState } from './state';

/**
 * What a game set up by rules 2 does that one of rules 1 (every game set up before rules were
 * recorded) does not: each rule 2 beside rules 1, which stored games keep forever.
 */

/** A tiny position (see fixtures) of a game set up by `rules`. */
const game = (rules: number, extra = tiny()): GalaxyState =>
  rules === 1 ? extra : { ...extra, rules: RULES_VERSION };

it('is what a new game is set up by; a game whose settings predate it keeps rules 1', () => {
  const players = [
    { id: 'p1', name: 'Alpha' },
    { id: 'p2', name: 'Beta' },
  ];
  const settings = resolveSettings(galaxy.settings, {}).settings;
  expect(setupGame(galaxy, settings, players, 'r').state.rules).toBe(RULES_VERSION);
  const { rules: _rules, ...before } = settings;
  const old = setupGame(galaxy, before, players, 'r').state;
  expect(old).not.toHaveProperty('rules');
  expect(setupGame(galaxy, { ...settings, rules: 1 }, players, 'r').state).toEqual(old);
});

it('is set by the server: a game creator may not choose it', () => {
  const input = { ruleset: galaxy.id, name: 'Old', schedule: { kind: 'period', minutes: 60 } as const };
  const create = (settings: Settings) =>
    createGame(
      galaxy,
      { ...input, settings },
      { id: 'a', role: 'player' },
      { gameId: 'g', seed: 's' },
      new Date(0),
    );
  expect(() => create({ rules: 1 })).toThrow(
    expect.objectContaining({ kind: 'invalid', message: expect.stringContaining(': rules') }),
  );
  expect(create({})[0].data).toMatchObject({ settings: { rules: RULES_VERSION } });
  // Stored settings still validate, rules 1 too.
  expect(resolveSettings(galaxy.settings, { rules: 1 }).errors).toEqual([]);
  expect(resolveSettings(galaxy.settings, { rules: 0 }).errors).toEqual(['rules: an integer from 1 to 2']);
});

describe('orders received', () => {
  const orders = (rules: number) => {
    const s = game(rules);
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 1 });
    return section(
      text(play(s, { p1: 'S 1 3\nS 9 3\nY secret\nW Beta', p2: '' }).state, 'p1'),
      'Orders Received',
    );
  };

  it('are every line with its outcome, done ones too, never with a password', () => {
    expect(orders(2)).toEqual([
      'Line  Order            Outcome',
      '   1  #GALAXY g Alpha  done',
      '   2  S 1 3            done',
      '   3  S 9 3            rejected: you have no group 9',
      '   4  Y ******         done',
      '   5  W Beta           done',
    ]);
    // Rules 1 kept no word of the orders carried out.
    expect(orders(1)).toEqual(['Line  Order  Outcome', '   3  S 9 3  rejected: you have no group 9']);
  });

  it('are JSON orders in the book syntax', () => {
    const json = (rules: number) => {
      const s = game(rules);
      const { orders: parsed } = galaxy.parseOrders(
        '[{"type":"war","race":"Beta"},{"type":"peace","race":"Nobody"}]',
      );
      const after = fold(galaxy, galaxy.resolveTurn(s, { p1: parsed }, createRng('json', 1)), s);
      return section(text(after, 'p1'), 'Orders Received');
    };
    expect(json(2)).toEqual([
      'Line  Order     Outcome',
      '   1  W Beta    done',
      '   2  A Nobody  rejected: race "Nobody" not found',
    ]);
    expect(json(1)).toEqual(['Line  Order  Outcome', '   2  peace  rejected: race "Nobody" not found']);
  });
});

describe('order lines that may hold a password', () => {
  // Unreadable Y lines (too many parameters, an unterminated quote) and a second #GALAXY line.
  const body = 'Y open sesame\nY "sesame\n#GALAXY g Alpha sesame\nyes sesame_2';
  const json =
    '[{"type":"password","password":5,"note":"sesame"},{"type":"header","race":1,"password":"sesame"}]';
  const turn = (rules: number) => {
    const s = game(rules);
    const orders = galaxy.parseOrders(`#GALAXY g Alpha\n${body}\n#END`).orders;
    const events = galaxy.resolveTurn(
      s,
      { p1: orders, p2: galaxy.parseOrders(json).orders },
      createRng('y', 1),
    );
    return { orders, events, after: fold(galaxy, events, s) };
  };
  const executed = (events: RulesetEvent[]) => events.filter((e) => e.type === 'galaxy.OrdersExecuted');

  it.each([1, 2])('are masked in the orders as read and the report (rules %i)', (rules) => {
    const { orders, after } = turn(rules);
    // The record shows the orders as read, without their source and passwords.
    const read = orders.map(({ source: _source, ...o }) => ({ ...o, password: undefined }));
    expect(JSON.stringify(read)).not.toContain('sesame');
    const rows = section(text(after, 'p1'), 'Orders Received')
      .filter((l) => /^ +[2-5] /.test(l))
      .map((l) => l.replace(/ +/g, ' ').trim());
    expect(rows).toEqual([
      '2 Y ****** rejected: too many parameters',
      '3 Y ****** rejected: unterminated quote',
      '4 #GALAXY g Alpha ****** rejected: unknown order',
      ...(rules === 2 ? ['5 yes ****** done'] : []),
    ]);
    expect(text(after, 'p1')).not.toContain('sesame');
    expect(text(after, 'p2')).not.toContain('sesame');
  });

  it('are masked in OrdersExecuted of rules 2; rules 1 kept them, its record masks them', () => {
    expect(JSON.stringify(executed(turn(2).events))).not.toContain('sesame');
    const kept = executed(turn(1).events);
    expect(JSON.stringify(kept)).toContain('sesame');
    for (const reader of [null, 'p1'])
      expect(JSON.stringify(kept.map((e) => galaxy.privacy!.event(e, reader)))).not.toContain('sesame');
  });
});

it('keeps an order line in OrdersExecuted by a plain rule; the report makes it printable', () => {
  const executed = (rules: number, line: string) => {
    const s = game(rules);
    const orders = galaxy.parseOrders(`#GALAXY g Alpha\n${line}\n#END`).orders;
    const events = galaxy.resolveTurn(s, { p1: orders }, createRng('kept', 1));
    const data = events.find((e) => e.type === 'galaxy.OrdersExecuted')!.data as {
      mistakes: [number, string][];
      done?: [number, string][];
    };
    const row = section(text(fold(galaxy, events, s), 'p1'), 'Orders Received')[2];
    const kept = [...(data.done ?? []), ...data.mistakes].filter(([l]) => l === 2).map(([l, t]) => [l, t]);
    return { row, kept };
  };
  const line = `W Beta ; \u0007 ${'x'.repeat(100)}`;
  expect(executed(2, line)).toEqual({
    kept: [[2, line.slice(0, 80)]],
    row: `   2  W Beta ; ? ${'x'.repeat(48)}…  done`,
  });
  const unreadable = `K \u0007\t${'x'.repeat(100)}`;
  expect(executed(2, unreadable).kept).toEqual([[2, unreadable.slice(0, 80)]]);
  // Wrapped in its column: the order's text goes on under it.
  expect(executed(2, unreadable).row).toMatch(/^ {3}2 {2}K \? +rejected: unknown order$/);
  // Rules 1 kept an unreadable line as its report echoed it then.
  expect(executed(1, unreadable).kept).toEqual([[2, `K ? ${'x'.repeat(55)}…`]]);
});

it('keeps the ship mass built and lost in battles, shown so far', () => {
  const fought = (rules: number) => {
    const s = game(rules);
    addType(s, 'p1', 'Gun 4 1 10 4 0');
    addType(s, 'p2', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Gun', ships: 2, planet: 3 });
    addGroup(s, 'p2', { type: 'Drone', ships: 3, planet: 3 });
    // Home 2 builds drones (mass 1) with no materials: 99 of them (GX-7).
    return play(s, { p1: '', p2: 'P 2 Drone' }).state;
  };
  const after = fought(2);
  expect(section(text(after, 'p2'), 'Ship Mass So Far')).toEqual([
    'Ships            Mass',
    'built           99.00',
    'lost in battle   3.00',
  ]);
  expect(race(after, 'p2')).toMatchObject({ massBuilt: 99, massLost: 3 });
  expect(section(text(after, 'p1'), 'Ship Mass So Far')).toEqual([
    'Ships           Mass',
    'built           0.00',
    'lost in battle  0.00',
  ]);
  const old = fought(1);
  expect(text(old, 'p2')).not.toContain('Ship Mass So Far');
  expect(race(old, 'p2')).not.toHaveProperty('massBuilt');
});

it('shows the ranking with each race rank and figures when the turn began, and what changed', () => {
  const ranked = (rules: number) => {
    // Beta's second planet (300 pop on 1000) grows by 24; both research DRIVE (1300 and 1000 PP).
    const s = game(rules, tiny([home(5, 190, 190, 'p2', { population: 300, industry: 300, size: 1000 })]));
    return text(play(s, { p1: '', p2: '' }).state, 'p1');
  };
  const report = ranked(2);
  expect(section(report, 'Ranking of Races')).toEqual([
    'Race   Rank  Rank before  Population  Industry  Production  Tech  Planets',
    'Beta      1            1     1324.00   1300.00     1306.00  4.26        2',
    'Alpha     2            2     1000.00   1000.00     1000.00  4.20        1',
  ]);
  expect(section(report, 'Changes Since Last Turn')).toEqual([
    'Race   Population  Industry  Production   Tech  Planets',
    'Beta       +24.00      0.00       +6.00  +0.26        0',
    'Alpha        0.00      0.00        0.00  +0.20        0',
  ]);
  expect(ranked(1)).not.toContain('Changes Since Last Turn');
  expect(section(ranked(1), 'Ranking of Races')[0]).not.toContain('Rank before');
});

it('SORTGROUPS sorts the groups by planet as the book says before renumbering them', () => {
  const sorted = (rules: number) => {
    const s = game(rules, tiny([planet(5, 40, 40, { owner: 'p1', population: 10, industry: 10 })]));
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    addType(s, 'p1', 'Probe 2 0 0 0 0');
    // In the order of their numbers: in hyperspace, at Beta's home, at an empty planet, at home 5, at home 1.
    addGroup(s, 'p1', { type: 'Drone', ships: 1, planet: 2, origin: 1, left: 50 });
    addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 2 });
    addGroup(s, 'p1', { type: 'Drone', ships: 3, planet: 3 });
    addGroup(s, 'p1', { type: 'Drone', ships: 4, planet: 5 });
    addGroup(s, 'p1', { type: 'Probe', ships: 5, planet: 1 });
    const after = play(s, { p1: 'O SORTGROUPS', p2: '' }).state;
    return race(after, 'p1').groups.map((g) => [g.number, g.ships]);
  };
  // Own planets in planet order, then alien planets, then unoccupied ones, then hyperspace.
  expect(sorted(2)).toEqual([
    [1, 5],
    [2, 4],
    [3, 2],
    [4, 3],
    [5, 1],
  ]);
  // Rules 1 renumbered them in their order.
  expect(sorted(1).map(([, ships]) => ships)).toEqual([1, 2, 3, 4, 5]);
});

it('BATTLEPROTOCOL is a keyword no name may be', () => {
  const named = (rules: number) => {
    const s = game(rules);
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    return race(play(s, { p1: 'T Drone BattleProtocol', p2: '' }).state, 'p1').types.map((t) => t.name);
  };
  expect(named(2)).toEqual(['Drone']);
  expect(named(1)).toEqual(['BattleProtocol']);
});

it('prints every line of a message, none with a control character', () => {
  const s = game(2);
  const after = play(s, { p1: '', p2: '@ Alpha\nHello\u0007\nthere\u001b[2J\n@' }).state;
  const lines = text(after, 'p1').split('\n');
  const at = lines.indexOf('\t\tMessage from Beta');
  expect(lines.slice(at, at + 4)).toEqual(['\t\tMessage from Beta', '', 'Hello?', 'there?[2J']);
});

it('leaves the state of a game of rules 1 as it was: no fact of rules 2 in its fold', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 1 });
  const after = play(s, { p1: 'S 1 3\nP 1 Drone', p2: '' }).state;
  expect(after.news).not.toHaveProperty('done');
  expect(after.news).not.toHaveProperty('rankingBefore');
  expect(race(after, 'p1')).not.toHaveProperty('massBuilt');
});

it.each([1, 2])('a game of rules %i verifies whole, its setup and turns re-run', (rules) => {
  const now = new Date(0);
  const { record, append, game } = recorder(galaxy, now);
  const admin = { id: 'admin', role: 'admin' as const };
  const players = ['Alpha', 'Beta'].map((name, i) => ({
    name,
    actor: { id: `p${i + 1}`, role: 'player' as const },
  }));
  const input = { ruleset: galaxy.id, name: 'Kept', schedule: { kind: 'period', minutes: 60 } as const };
  const [created] = createGame(galaxy, input, admin, { gameId: 'g', seed: 'kept' }, now);
  // A game of rules 1 was created before the setting existed.
  const { rules: _rules, ...before } = (created.data as { settings: Settings }).settings;
  append([rules === 1 ? { ...created, data: { ...(created.data as object), settings: before } } : created]);
  for (const p of players) append(joinGame(galaxy, game(), p.actor, p.name, now));
  append(startGame(galaxy, game(), admin, now));
  for (const body of ['O SORTGROUPS\nD Drone 1 0 0 0 0', 'Y secret\nS 1 1']) {
    for (const p of players) {
      const home = (game().state as GalaxyState).planets.find((pl) => pl.owner === p.actor.id)!.name;
      const text = `#GALAXY Kept ${p.name}\n${body}\nP ${home} Drone\n#END`;
      append(submitOrders(galaxy, game(), p.actor, { text }, `${p.name}-${game().turn}`));
    }
    append(closeTurn(game(), game().turn, 'admin', now));
    append(resolveClosedTurn(galaxy, game()));
  }
  expect((game().state as GalaxyState).rules).toBe(rules === 1 ? undefined : rules);
  expect(verifyGame(galaxy, record)).toEqual({
    verified: true,
    resolutions: 3,
    turns: 2,
    firstDifference: null,
  });
});
