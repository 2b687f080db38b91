import { maintenanceDue } from './economy';
import { evolveAll, empireById } from './evolve';
import { sfEvent } from './state';
import { view, type PlayerView, type PublicView } from './view';
import {
  hiddenEnds,
  P1,
  P2,
  P3,
  playedMonth,
  REVEALED_DESIGN,
  SECRET_RESEARCH,
  SECRET_TREASURY,
  SEEN_TF,
  unseenBodies,
  UNSEEN_DESIGN,
} from './view-fixtures';

/** Digest §8.1: what each viewer may see. */

const playerView = (s = playedMonth(), id = P1) => view(s, { role: 'player', playerId: id }) as PlayerView;
const quoted = (text: string) => JSON.stringify(text);

describe('a player sees its own empire whole and of others only what §8.1 allows', () => {
  const s = playedMonth();
  const v = playerView(s);
  const json = JSON.stringify(v);

  it('never shows another empire’s treasury, unseen designs, research, TF names or third parties’ proposals', () => {
    expect(empireById(s, P2).treasury).toBe(SECRET_TREASURY);
    expect(json).not.toContain(String(SECRET_TREASURY));
    expect(json).not.toContain(quoted(UNSEEN_DESIGN));
    expect(json).not.toContain(SECRET_RESEARCH);
    expect(json).not.toContain(SEEN_TF);
    expect(v.proposals).toEqual([{ from: 'Altairians', to: 'Vegans', treaty: 'economic', month: 1 }]);
    // Others are a name, a kind and (once met) the relation: no RO, tech, treasury, civilisation.
    for (const e of v.empires)
      expect(Object.keys(e).sort()).toEqual(['kind', 'market', 'met', 'name', 'relation', 'since']);
    expect(json).not.toContain('civilisation');
  });

  it('never shows the bodies of systems it has not visited, nor WP ends it does not know', () => {
    const unseen = unseenBodies(s, P1);
    expect(unseen.length).toBeGreaterThan(0);
    for (const area of unseen) expect(json).not.toContain(quoted(area));
    for (const area of hiddenEnds(s, P1)) expect(json).not.toContain(quoted(area));
    for (const x of v.systems.filter((y) => !y.visited)) {
      expect(x).toMatchObject({ kind: null, stars: null, bodies: [], surveyed: null });
    }
  });

  it('shows its own empire in full', () => {
    const me = empireById(s, P1);
    expect(v.me).toMatchObject({ name: 'Vegans', ro: me.ro, treasury: me.treasury, infrastructure: 50 });
    expect(v.taskForces.map((t) => t.ships.map((x) => x.name))).toEqual([
      ['CC1', 'CC2', 'DD1', 'DD2', 'TRN1'],
    ]);
    expect(v.bases.map((x) => [x.name, x.area])).toEqual([['BS1', me.home]]);
    expect(v.jobs).toEqual([expect.objectContaining({ builder: me.home, item: 'DD SOE', cost: 3 })]);
    expect(v.colonies).toEqual([
      expect.objectContaining({
        area: me.home,
        currentEp: 25,
        maxEp: 25,
        garrison: { count: 2, crew: 'GRN' },
      }),
    ]);
  });

  it('knows a foreign design only when it fought it, and a sighting by size, count and group, with when', () => {
    expect(v.revealed).toEqual([{ owner: 'Altairians', ship: 'RV1', design: REVEALED_DESIGN, size: 9 }]);
    expect(v.sightings).toEqual([
      {
        area: empireById(s, P1).home,
        owner: 'Altairians',
        month: 1,
        week: 1,
        now: false,
        units: [{ kind: 'ship', size: 9, count: 1, group: 1 }],
      },
    ]);
    expect(v.battles).toHaveLength(1);
    // The last week resolved is week 4 of the month before the one ordered for.
    const later = { ...s, month: 2, empires: s.empires.map((e) => ({ ...e })) };
    empireById(later, P1).sightings = [{ ...empireById(s, P1).sightings[0], week: 4 }];
    expect(playerView(later).sightings[0].now).toBe(true);
  });

  it('learns a relation only once it has met the other empire itself', () => {
    const one = evolveAll(playedMonth(), [
      sfEvent('ContactMade', { empire: P3, other: P1, area: empireById(s, P1).home }),
    ]);
    expect(playerView(one).empires.find((e) => e.name === 'Rigellians')).toMatchObject({
      met: false,
      relation: null,
    });
    expect(playerView(one, P3).empires.find((e) => e.name === 'Vegans')).toMatchObject({
      met: true,
      relation: 'war',
    });
  });

  it('shows what another empire’s survey found only to that empire, dated', () => {
    const v2 = playerView(s, P2);
    const surveyed = v2.systems.filter((x) => x.surveyed !== null).map((x) => x.id);
    expect(surveyed.length).toBe(2);
    expect(v.systems.filter((x) => x.surveyed !== null).map((x) => x.id)).toEqual([
      Number(empireById(s, P1).home.split(' ')[0]),
    ]);
  });
});

describe('spectators and admins', () => {
  const s = playedMonth();

  it('a spectator of a running game sees the map’s size and the players’ names, no empire’s secrets', () => {
    const v = view(s, { role: 'spectator' }) as PublicView;
    expect(v).toEqual({
      role: 'spectator',
      month: 1,
      year: 1,
      monthOfYear: 1,
      length: 60,
      systems: s.systems.length,
      warpPoints: s.links.length,
      empires: [
        { name: 'Vegans', eliminated: null },
        { name: 'Altairians', eliminated: null },
        { name: 'Rigellians', eliminated: null },
      ],
    });
    const json = JSON.stringify(v);
    for (const secret of [String(SECRET_TREASURY), UNSEEN_DESIGN, 'NPR']) expect(json).not.toContain(secret);
  });

  it('an NPR id or a stranger gets the spectator’s view', () => {
    const npr = s.empires.find((e) => e.kind === 'npr');
    if (npr) expect(view(s, { role: 'player', playerId: npr.id }).role).toBe('spectator');
    expect(view(s, { role: 'player', playerId: 'nobody' }).role).toBe('spectator');
  });

  it('an admin sees everything; a spectator too once the game is over', () => {
    expect(view(s, { role: 'admin' })).toEqual({ role: 'admin', ...s });
    const over = evolveAll(s, [sfEvent('GameWon', { month: 1, winners: [P2], reason: 'conquest' })]);
    expect(view(over, { role: 'spectator' })).toEqual({ role: 'admin', ...over });
    const v = playerView(over);
    expect(v.winners).toEqual(['Altairians']);
    expect(v.standings?.[0]).toMatchObject({ rank: 1, name: 'Altairians', winner: true });
  });
});

it('shows the maintenance step b1 charges (one function, economy.ts maintenanceDue)', () => {
  const s = playedMonth();
  const v = playerView(s);
  expect(v.me.maintenance).toBe(maintenanceDue(s, empireById(s, P1)));
  expect(v.me.maintenance).toBeGreaterThan(0);
});
