import { createRng, fold } from '@warpgate/engine';
import { addGroup, addType, home, play, race, section, text, tiny } from './fixtures';
import { galaxy } from './index';
import { newRace } from './setup';
import type { GalaxyState } from './state';

/** The report's bulletin, orders received, battles, options and notices, as a player reads them. */

describe('orders received', () => {
  it('echoes the orders rejected, reduced, answered or noted, unreadable lines included', () => {
    const s = tiny();
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 1 });
    race(s, 'p2').contact = 'beta@example.org';
    const after = play(s, {
      p1: ['S 1 3', 'S 9 3', 'k 1', 'f Beta', 'W Beta', '@ Beta Nobody', 'hi', '@', 'R 1 COL'].join('\n'),
      p2: '',
    }).state;
    // S 1 3 and W Beta were carried out: a game of rules 1 kept no word of them (rules-2.spec.ts).
    expect(section(text(after, 'p1'), 'Orders Received')).toEqual([
      'Line  Order          Outcome',
      '   3  S 9 3          rejected: you have no group 9',
      '   4  k 1            rejected: unknown order',
      '   5  f Beta         answer: Beta: beta@example.org',
      '   7  @ Beta Nobody  reduced: unknown races: Nobody',
      '  10  R 1 COL        note: there was no such route',
    ]);
  });

  it('never echoes a control character a line held', () => {
    const after = play(tiny(), { p1: 'F a\u0007b\u001b[2J', p2: 'q\u0000\u0008x' }).state;
    expect(section(text(after, 'p1'), 'Orders Received')).toEqual([
      'Line  Order      Outcome',
      '   2  F a?b?[2J  rejected: race "a?b?[2J" not found',
    ]);
    expect(section(text(after, 'p2'), 'Orders Received')).toEqual([
      'Line  Order  Outcome',
      '   2  q??x   rejected: missing parameters',
    ]);
  });

  it('echoes an invalid JSON item, and the dry run reports a line the parser could not read only once', () => {
    const s = tiny();
    const { orders, diagnostics } = galaxy.parseOrders('[{"type":"nope"},{"type":"war","race":"Beta"}]');
    expect(diagnostics).toEqual([{ line: 1, severity: 'error', message: 'unknown order type "nope"' }]);
    expect(galaxy.checkOrders(s, 'p1', orders)).toEqual([]);
    const after = fold(galaxy, galaxy.resolveTurn(s, { p1: orders }, createRng('json', 1)), s);
    expect(section(text(after, 'p1'), 'Orders Received')).toEqual([
      'Line  Order            Outcome',
      '   1  {"type":"nope"}  rejected: unknown order type "nope"',
    ]);
  });
});

describe('battles', () => {
  const battle = (orders: string) => {
    const s = tiny();
    addType(s, 'p1', 'Gun 4 1 10 4 0');
    addType(s, 'p2', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Gun', ships: 2, planet: 2 });
    addGroup(s, 'p2', { type: 'Drone', ships: 1, planet: 2 });
    addGroup(s, 'p2', {
      type: 'Drone',
      ships: 2,
      planet: 2,
      tech: { drive: 2, weapons: 0, shields: 0, cargo: 0 },
    });
    return text(play(s, { p1: orders, p2: '' }).state, 'p1');
  };

  it('shows per race and ship type the ships before, lost and left, and every shot only with BATTLEPROTOCOL', () => {
    const table = [
      'Race   Ship type  Before  Lost  Left',
      'Alpha  Gun             2     0     2',
      'Beta   Drone           3     3     0',
    ];
    const plain = battle('');
    expect(section(plain, 'Battle at 2 (phase 1)')).toEqual(table);
    expect(plain).not.toContain('fires on');
    const protocol = battle('O BATTLEPROTOCOL');
    expect(section(protocol, 'Battle at 2 (phase 1)')).toEqual(table);
    const shots = protocol.split('\n').filter((l) => l.includes(' fires on '));
    expect(shots.filter((l) => l === 'Alpha Gun fires on Beta Drone: destroyed')).toHaveLength(3);
    expect(section(protocol, 'Your Options')).toContain('BATTLEPROTOCOL  ON');
  });
});

describe('status', () => {
  it('ranks the races by production', () => {
    const s = tiny([home(5, 190, 190, 'p2', { population: 500, industry: 500 })]);
    s.races[1].tech.drive = 1.1;
    expect(section(text(s, 'p1'), 'Ranking of Races')).toEqual([
      'Race   Rank  Population  Industry  Production  Tech  Planets',
      'Beta      1     1500.00   1500.00     1500.00  4.10        2',
      'Alpha     2     1000.00   1000.00     1000.00  4.00        1',
    ]);
  });

  it('shows the game options and the race own options ON or OFF', () => {
    const report = text(play(tiny(), { p1: 'O AUTOUNLOAD\nO NO NAMECASE', p2: '' }).state, 'p1');
    expect(section(report, 'Game Options')).toEqual([
      'Option               Setting',
      'Galaxy size          200 light-years',
      'Full bombing         ON',
      'Keep production      OFF',
      'Drop idle players    ON (after 3 turns without orders)',
      'Spherical galaxy     OFF',
      'Initial tech levels  1.00 1.00 1.00 1.00',
    ]);
    expect(section(report, 'Your Options')).toEqual([
      'Option          Setting',
      'UNDERSCORES     OFF',
      'TWOCOL          OFF',
      'NAMECASE        OFF',
      'AUTOUNLOAD      ON',
      'SORTGROUPS      OFF',
      'PRODTABLE       OFF',
      'FLEETTABLES     ON',
      'BATTLEPROTOCOL  OFF',
    ]);
  });
});

describe('who gets a report', () => {
  it('gives a race that quit its report of that turn and none after', () => {
    const s = tiny([home(5, 190, 190, 'p3')]);
    s.races.push(newRace({ id: 'p3', name: 'Gamma' }, 200));
    const quit = play(s, { p1: 'Q Alpha', p2: '', p3: '' }).state;
    expect(text(quit, 'p1')).toContain('Your race is no longer in the game (quit).');
    const next = play(quit, { p2: '', p3: '' }).state;
    expect(galaxy.report(next, 'p1')).toBeNull();
    expect(galaxy.report(next, 'p2')).not.toBeNull();
  });

  it('gives a race removed for silence no report for its removal turn (§9)', () => {
    const s = tiny([home(5, 190, 190, 'p3')]);
    s.races.push(newRace({ id: 'p3', name: 'Gamma' }, 200));
    for (const r of s.races) r.lastOrdersTurn = s.turn;
    race(s, 'p1').lastOrdersTurn = s.turn - 4;
    const removed = play(s, { p2: '', p3: '' }).state;
    expect(race(removed, 'p1').status).toBe('removed');
    expect(galaxy.report(removed, 'p1')).toBeNull();
    expect(galaxy.report(removed, 'p2')).not.toBeNull();
  });
});

describe('notices', () => {
  it('tell of messages, races gone and the game over with the report (digest §8)', () => {
    const after = play(tiny(), { p1: '', p2: '@ Alpha\nFarewell.\n@\nQ Beta' }).state;
    expect(galaxy.report(after, 'p1')?.notices).toEqual([
      { kind: 'news', text: 'A message from Beta' },
      { kind: 'news', text: 'The Beta have left the game (quit)' },
      { kind: 'news', text: 'Game over: the Alpha have won' },
    ]);
  });

  it('pushes alien groups heading for a planet on the turn they set out, not every turn after', () => {
    const s = tiny();
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Drone', ships: 4, planet: 1 });
    const sent = play(s, { p1: 'S 1 2', p2: '' }).state;
    const incoming = (st: GalaxyState) =>
      galaxy.report(st, 'p2')?.notices.filter((n) => n.text.includes('heading for'));
    expect(incoming(sent)).toEqual([{ kind: 'news', text: '4 alien ships heading for 2' }]);
    expect(incoming(play(sent, { p1: '', p2: '' }).state)).toEqual([]);
  });
});
