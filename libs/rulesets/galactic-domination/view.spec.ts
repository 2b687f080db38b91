import { checkOrders } from './check';
import { withCash } from './economy-fixtures';
import { parseOrders } from './orders';
import { renderReport } from './report';
import { gdEvent, type GdState, type PlayerId } from './state';
import { after } from './turn-fixtures';
import { ADA, afterTurn1, BOB, eventful, game, played } from './view-fixtures';
import { view, type FullView, type PlayerView, type PublicView } from './view';

/** Digest §8.1: what each viewer may know. */

const playerView = (s: GdState, id: string) => view(s, { role: 'player', playerId: id }) as PlayerView;
/** Everything a player is given: the view and the printout made of it. */
const seenBy = (s: GdState, id: string) => {
  const v = playerView(s, id);
  return JSON.stringify(v) + renderReport(v).text;
};
const handOf = (s: GdState, id: string) => s.players.find((p) => p.id === id)!.hand;

describe('hidden hands (issue 17)', () => {
  it.each([game(), eventful()])('a player sees their own cards and only the count of the other’s', (s) => {
    for (const [me, other] of [
      [ADA, BOB],
      [BOB, ADA],
    ]) {
      const secret = handOf(s, other).filter(
        (c) => !handOf(s, me).includes(c) && !s.log.played.some((x) => x.card === c),
      );
      expect(secret.length).toBeGreaterThan(0);
      const seen = seenBy(s, me);
      for (const card of secret) expect(seen).not.toContain(card);
      const v = playerView(s, me);
      expect(v.me.hand).toEqual(handOf(s, me));
      for (const card of handOf(s, me)) expect(renderReport(v).text).toContain(card);
      const row = v.players.find((p) => p.name === other.toUpperCase())!;
      expect(row.cards).toBe(handOf(s, other).length);
      expect(renderReport(v).text).toMatch(new RegExp(`${other.toUpperCase()} .* ${row.cards}\n`));
    }
  });

  it('lists the cards a player drew this turn in that player’s report only', () => {
    const s = afterTurn1();
    for (const [me, other] of [
      [ADA, BOB],
      [BOB, ADA],
    ]) {
      const drew = s.log.drawn.filter((d) => d.player === me).map((d) => d.card);
      expect(drew.length).toBeGreaterThan(0);
      expect(playerView(s, me).log.drawn).toEqual(drew.map((card) => ({ deck: 'tactics', card })));
      expect(renderReport(playerView(s, me)).text).toContain(`Drawn this turn: ${drew.join(', ')}`);
      // The other's view holds the other's draws only.
      const theirs = s.log.drawn.filter((d) => d.player === other).map((d) => d.card);
      expect(playerView(s, other).log.drawn.map((d) => d.card)).toEqual(theirs);
      expect(renderReport(playerView(s, other)).text).toContain(`Drawn this turn: ${theirs.join(', ')}`);
    }
    expect((view(s, { role: 'spectator' }) as PublicView).log.drawn).toEqual([]);
  });

  it('shows the cards played, by whom, to everyone', () => {
    const s = eventful();
    const [played] = s.log.played;
    for (const id of [ADA, BOB]) {
      expect(playerView(s, id).log.played).toEqual([{ player: 'BOB', card: played.card }]);
      expect(renderReport(playerView(s, id)).text).toContain(`Played this turn: BOB ${played.card}`);
    }
  });
});

describe('a player', () => {
  const s = eventful();
  const ada = playerView(s, ADA);

  it('never sees another’s plans, orders, stances, cash, queue, notes or secret shipyard', () => {
    const bobF2 = ada.fleets.find((f) => f.owner === 'BOB' && f.id === 'F2')!;
    expect(bobF2).toEqual({ owner: 'BOB', id: 'F2', loc: '7,3', speed: 3, units: null, plan: null });
    const seen = seenBy(s, ADA);
    for (const secret of [
      'MOVE F2',
      'BOB only',
      '"leave"',
      'IF1',
      'HIED',
      '"B1"',
      'B1     SY',
      'Secret Shipyard',
    ])
      expect(seen).not.toContain(secret);
    expect(ada.log.cash).toEqual([{ amount: 20, why: 'income' }]);
    expect(ada.me.queue).toEqual([]);
    // BOB sees its own.
    const bob = playerView(s, BOB);
    expect(bob.fleets.find((f) => f.owner === 'BOB' && f.id === 'F2')!.plan).toMatchObject({
      path: ['6,3', null, '5,3'],
      stance: { neutral: 'leave' },
    });
    expect(bob.me.queue).toEqual([{ id: 'B1', unit: 'SY', at: '8,3', turn: 1 }]);
    expect(bob.locations.find((l) => l.id === '7,3')!.sse).toEqual({ owner: 'BOB' });
    expect(bob.log.results).toEqual([[2, 'MOVE F2 6,3 - 5,3', 'done', '']]);
  });

  it('sees a fleet’s units once it saw them, or fought it, and every fleet marker with its speed', () => {
    expect(
      ada.fleets.map((f) => [f.owner, f.id, f.loc, f.speed, f.units && f.units.map((u) => u.id)]),
    ).toEqual([
      ['ADA', 'F1', '4,2', 2, ['GC1', 'GT1', 'GM1', 'GM2']],
      ['BOB', 'F1', '3,2', 2, ['IB1', 'IM1']],
      ['BOB', 'F2', '7,3', 3, null],
    ]);
    expect(playerView(s, BOB).fleets[0].units).toBeNull();
  });

  it('sees natives it met, and no one else does; a battle in full only when in it', () => {
    const world = (v: PlayerView) => v.locations.find((l) => l.id === '4,2')!.planet!;
    expect(world(ada)).toMatchObject({ owner: null, gbds: 1, mi: 1, natives: { DD: 1 } });
    const bob = playerView(s, BOB);
    expect(world(bob)).toMatchObject({ owner: null, gbds: null, mi: null, natives: null });
    expect(seenBy(s, BOB)).not.toContain('1 DD, 1 GBDS');
    expect(ada.log.battles[0]).toMatchObject({
      mine: true,
      hits: [
        [3, 2],
        [9, 2],
      ],
      winner: 0,
    });
    expect(bob.log.battles[0]).toEqual({
      loc: '4,2',
      segment: 2,
      kind: 'space',
      sides: [
        { players: ['ADA'], units: null, lost: null, losses: 4 },
        { players: [], units: null, lost: null, losses: 12 },
      ],
      hits: null,
      winner: 0,
      mine: false,
    });
    // The encounter that put a world on the map is public; the card and roll are not.
    expect(bob.log.encounters).toEqual([
      { player: 'ADA', fleet: 'F1', loc: '4,2', card: null, roll: null, result: 'found Neutral World 4,2' },
      {
        player: 'BOB',
        fleet: 'F2',
        loc: '7,3',
        card: 'SPECIAL_ENCOUNTER',
        roll: 4,
        result: 'Special Encounter: HIED, fitted to FF1',
      },
    ]);
  });

  it('sees garrisons only on its own worlds, and public counts of every world', () => {
    const capital = (v: PlayerView, home: string) =>
      v.locations.find((l) => l.planet?.home === home && l.planet.main)!.planet!;
    expect(capital(ada, 'ADA')).toMatchObject({
      gbds: 2,
      shipyards: 1,
      mi: 0,
      homeguard: 2,
      ods: 'Battle Fortress',
    });
    expect(capital(ada, 'BOB')).toMatchObject({
      gbds: 2,
      shipyards: 1,
      mi: null,
      homeguard: null,
      stance: null,
    });
  });

  it('is named by empire name only: no account id leaves', () => {
    const ids = ['id-of-ada-account', 'id-of-bob-account'];
    const s2 = game({ race1: 'Gazegi', race2: 'Introkian' }, ids);
    for (const id of ids) for (const other of ids) expect(seenBy(s2, id)).not.toContain(other);
  });
});

describe('spectators and admins', () => {
  it('a spectator sees the open board and public standings: no hands, units, plans or private log', () => {
    const s = eventful();
    const v = view(s, { role: 'spectator' }) as PublicView;
    expect(v.role).toBe('spectator');
    expect('me' in v).toBe(false);
    const json = JSON.stringify(v);
    for (const card of [...handOf(s, ADA), ...handOf(s, BOB)].filter(
      (c) => !s.log.played.some((x) => x.card === c),
    ))
      expect(json).not.toContain(card);
    expect(v.fleets.every((f) => f.units === null && f.plan === null)).toBe(true);
    expect(v.log).toMatchObject({ cash: [], results: [], notes: ['Stimulus card: ECONOMIC_BOOM'] });
    expect(v.locations.every((l) => l.sse === null && (l.planet?.mi ?? null) === null)).toBe(true);
    expect(v.players.map((p) => [p.name, p.vp, p.rank, p.cards])).toEqual([
      ['ADA', 2, 1, 3],
      ['BOB', 0, 2, 2],
    ]);
    // A player id that is not in the game sees what a spectator sees.
    expect(view(s, { role: 'player', playerId: 'nobody' })).toEqual(v);
  });

  it('an admin sees everything; a spectator too once the game is over', () => {
    const s = eventful();
    const admin = view(s, { role: 'admin' }) as FullView;
    expect(admin.role).toBe('admin');
    expect(admin.players.map((p) => p.hand)).toEqual([handOf(s, ADA), handOf(s, BOB)]);
    const over = { ...s, ended: true, winners: [ADA] };
    expect(view(over, { role: 'spectator' })).toEqual({ role: 'admin', ...over });
  });
});

describe('trades (§8.1: the offerer’s Stellars stay private)', () => {
  /** Turn 2: ADA offers BOB $5, for `get` when given. */
  const offered = (get = '') =>
    played(withCash(afterTurn1(), ADA, 20), { [ADA]: `OFFER BOB GIVE $5${get}`, [BOB]: '' });
  const accept = parseOrders('ACCEPT O1').orders;
  const checked = (s: GdState, cash: number) => checkOrders(withCash(s, ADA, cash), BOB, accept);
  /** What BOB is told of his ACCEPT in turn 3 with ADA at `cash`: the check, the view and the printout. */
  const told = (s: GdState, cash: number) => {
    const v = playerView(played(withCash(s, ADA, cash), { [BOB]: 'ACCEPT O1' }), BOB);
    return { check: checked(s, cash), view: v, report: renderReport(v).text };
  };

  it('the accepter learns the same whether the offerer had a little or a lot more than offered', () => {
    const s = offered();
    expect(told(s, 6)).toEqual(told(s, 50));
  });

  it('the check never reads the offerer’s Stellars: it counts on the trade', () => {
    const s = offered();
    expect(checked(s, 4)).toEqual([]);
    expect(checked(s, 0)).toEqual(checked(s, 50));
  });

  it('an accepter who cannot pay their part learns nothing of the offerer’s', () => {
    const s = offered(' FOR chit:BoB');
    expect(told(s, 0)).toEqual(told(s, 50));
  });

  /** The player's printout, its lines run together as one (wrapping aside). */
  const printout = (s: GdState, id: PlayerId) => renderReport(playerView(s, id)).text.replace(/\s+/g, ' ');
  /** The STELLARS table of the player's printout: each row's text and amount, the cash in hand last. */
  const stellars = (s: GdState, id: PlayerId) => {
    const lines = renderReport(playerView(s, id)).text.split('\n');
    const first = lines.indexOf('STELLARS') + 3;
    return lines.slice(first, lines.indexOf('', first)).map((line) => {
      const [, why, amount] = /^(.*\S)\s+(-?\d+)$/.exec(line) ?? [];
      return [why, Number(amount)];
    });
  };
  const withChits = (s: GdState, n: number) =>
    after(s, ...Array.from({ length: n }, () => gdEvent('ChitGained', { player: BOB, chit: 'BoB' })));

  it('each side’s Stellars table shows the trade and adds up to the cash in hand; the chit where chits are', () => {
    const s = withChits(offered(' FOR chit:BoB'), 1);
    const done = played(s, { [BOB]: 'ACCEPT O1' });
    for (const [id, line] of [
      [ADA, ['trade O1 to BOB', -5]],
      [BOB, ['trade O1 from ADA', 5]],
    ] as const) {
      const rows = stellars(done, id);
      expect(rows).toContainEqual(line);
      const before = s.players.find((p) => p.id === id)!.cash;
      expect(rows.slice(0, -1).reduce((sum, [, amount]) => sum + Number(amount), before)).toBe(
        rows.at(-1)![1],
      );
    }
    expect(printout(done, ADA)).toContain(
      'Chits: Battle of Bluff 1, Rapid Response 0 Offer O1 to BOB (turn 2) traded in phase E: you gave $5 and got a BoB chit',
    );
    expect(printout(done, BOB)).toContain(
      'Chits: Battle of Bluff 0, Rapid Response 0 Offer O1 from ADA (turn 2) traded in phase E: you gave a BoB chit and got $5',
    );
  });

  it('the offerer is told an acceptance failed, the same whatever the accepter holds', () => {
    const s = offered(' FOR chit:BoB chit:BoB');
    /** The turn of BOB's ACCEPT, BOB holding `chits` BoB chits and `cash`. */
    const accepted = (s: GdState, chits: number, cash: number) =>
      played(withChits(withCash(s, BOB, cash), chits), { [BOB]: 'ACCEPT O1' });
    const news = (s: GdState) => playerView(s, ADA).log.notes;
    const failed = 'BOB accepted your offer O1, but the trade did not go through';
    expect(news(accepted(s, 0, 0))).toContain(`${failed}: BOB cannot deliver what was asked for`);
    expect(seenBy(accepted(s, 1, 50), ADA)).toEqual(seenBy(accepted(s, 0, 0), ADA));
    // Short of its own part, the offerer is told so, whatever the accepter holds.
    const poor = withCash(s, ADA, 0);
    expect(news(accepted(poor, 0, 0))).toContain(`${failed}: you lack $5`);
    expect(seenBy(accepted(poor, 2, 50), ADA)).toEqual(seenBy(accepted(poor, 0, 0), ADA));
  });
});
