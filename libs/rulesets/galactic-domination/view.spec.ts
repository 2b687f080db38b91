import { renderReport } from './report';
import type { GdState } from './state';
import { ADA, afterTurn1, BOB, eventful, game } from './view-fixtures';
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
