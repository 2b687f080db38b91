import type { Notice, Report } from '@warpgate/engine';
import type { GroupView, PlanetView, PlayerView } from './view';

/** The book-style printout (digest §8), built from the player's view only. */

const f2 = (v: number): string => v.toFixed(2);
const cell = (c: string | number): string =>
  typeof c === 'number' ? (Number.isInteger(c) ? String(c) : f2(c)) : c;
/** A table's lines; a row's cells are tab-separated. */
function table(title: string, head: string[], rows: (string | number)[][]): string[] {
  if (rows.length === 0) return [];
  const lines = ['', `\t\t${title}`, '', head.join('\t')];
  for (const r of rows) {
    let line = cell(r[0]);
    for (let i = 1; i < r.length; i++) line += '\t' + cell(r[i]);
    lines.push(line);
  }
  return lines;
}

const planetRows = (ps: PlanetView[]) =>
  ps.map((p) => [
    p.name,
    p.x,
    p.y,
    p.size,
    p.population,
    p.industry,
    p.resources,
    p.production,
    p.capital,
    p.materials,
    p.colonists,
    p.productionValue,
  ]);
const PLANET_HEAD = ['N', 'X', 'Y', 'S', 'P', 'I', 'R', 'P', '$', 'M', 'C', 'L'];
const groupRow = (g: GroupView) => [
  g.number ?? '',
  g.ships,
  g.type,
  g.tech.drive,
  g.tech.weapons,
  g.tech.shields,
  g.tech.cargo,
  g.cargo,
  g.load,
  g.planet,
  g.left > 0 ? g.left : '',
];
const GROUP_HEAD = ['G', '#', 'T', 'D', 'W', 'S', 'C', 'T', 'Q', 'D', 'R'];

/** Alien groups by owner, owners in the order they first appear. */
function byOwner(groups: GroupView[]): Map<string, GroupView[]> {
  const out = new Map<string, GroupView[]>();
  for (const g of groups) {
    const list = out.get(g.owner);
    if (list) list.push(g);
    else out.set(g.owner, [g]);
  }
  return out;
}

export function renderReport(v: PlayerView): Report<PlayerView> {
  const name = (n: string) => (v.me.options.UNDERSCORES ? n.replace(/ /g, '_') : n);
  const lines: string[] = [`\t\t${name(v.me.name)} Report for Galaxy Turn ${v.turn - 1}`];
  if (v.me.status !== 'active') lines.push('', `Your race is no longer in the game (${v.me.status}).`);
  if (v.ended)
    lines.push(
      '',
      v.winner ? `The game is over: the ${v.winner} have won.` : 'The game is over: nobody survived.',
    );
  for (const g of v.gone) lines.push(`The ${g.name} have left the game (${g.reason}).`);
  for (const n of v.notices) lines.push('', n.text);
  const addresses = v.races.filter((r) => r.contact !== null);
  lines.push(
    ...table(
      'Player Addresses',
      ['N', 'Address'],
      addresses.map((r) => [name(r.name), r.contact ?? '']),
    ),
  );
  for (const m of v.messages)
    lines.push('', m.broadcast ? '\t\tBroadcast Message' : `\t\tMessage from ${m.from ?? '?'}`, '', m.text);
  lines.push(
    ...table(
      'Mistakes',
      ['Line', 'Order', 'Message'],
      v.mistakes.map((m) => [m.line ?? '', m.text, `${m.severity}: ${m.message}`]),
    ),
  );
  lines.push(
    ...table(
      'Status of Players',
      ['N', 'D', 'W', 'S', 'C', 'P', 'I', '#', 'R'],
      v.races.map((r) => [
        name(r.name),
        r.tech.drive,
        r.tech.weapons,
        r.tech.shields,
        r.tech.cargo,
        r.population,
        r.industry,
        r.planets,
        r.stance === null ? '-' : r.stance === 'peace' ? 'Peace' : 'War',
      ]),
    ),
  );
  const typeRows = (ts: PlayerView['types']) =>
    ts.map((t) => [name(t.name), t.drive, t.attacks, t.weapons, t.shields, t.cargo, t.mass]);
  lines.push(...table('Your Ship Types', ['N', 'D', 'A', 'W', 'S', 'C', 'M'], typeRows(v.types)));
  for (const owner of new Set(v.alienTypes.map((t) => t.owner)))
    lines.push(
      ...table(
        `${name(owner)} Ship Types`,
        ['N', 'D', 'A', 'W', 'S', 'C', 'M'],
        typeRows(v.alienTypes.filter((t) => t.owner === owner)),
      ),
    );
  for (const b of v.battles) {
    lines.push('', `\t\tBattle at ${name(b.planet)} (phase ${b.phase})`);
    for (const race of new Set(b.groups.map((g) => g.race)))
      lines.push(
        ...table(
          `${name(race)} Groups`,
          ['#', 'T', 'D', 'W', 'S', 'C', 'T', 'Q', 'L'],
          b.groups
            .filter((g) => g.race === race)
            .map((g) => [
              g.before,
              name(g.type),
              g.tech.drive,
              g.tech.weapons,
              g.tech.shields,
              g.tech.cargo,
              g.cargo ?? '-',
              g.load,
              g.after,
            ]),
        ),
      );
    const who = b.groups.map((g) => `${name(g.race)} ${name(g.type)}`);
    lines.push('');
    for (const [a, t, hit] of b.shots)
      lines.push(`${who[a]} fires on ${who[t]} : ${hit ? 'Destroyed' : 'Shields'}`);
  }
  lines.push(
    ...table(
      'Bombings',
      ['W', 'O', 'N', 'P', 'I', 'P', '$', 'M', 'C'],
      v.bombings.map((b) => [
        b.bombers.map(name).join(','),
        name(b.owner),
        name(b.planetName),
        b.before.population,
        b.before.industry,
        b.before.production,
        b.before.capital,
        b.before.materials,
        b.before.colonists,
      ]),
    ),
  );
  lines.push('', `\t\tMap: window (${f2(v.me.map.x)}, ${f2(v.me.map.y)}) size ${f2(v.me.map.size)}`);
  lines.push(
    ...table(
      'Incoming Groups',
      ['O', 'D', 'R', 'S', 'M'],
      v.incoming.map((g) => [name(g.origin ?? ''), name(g.planet), g.left, g.speed, g.mass]),
    ),
  );
  lines.push(...table('Your Planets', PLANET_HEAD, planetRows(v.planets)));
  if (v.me.options.PRODTABLE)
    lines.push(
      ...table(
        'Ships In Production',
        ['N', 'Type', 'Progress'],
        v.planets
          .filter((p) => v.types.some((t) => t.name === p.production))
          .map((p) => [name(p.name), name(p.production), p.shipProgress]),
      ),
    );
  const routed = v.planets.filter((p) => Object.values(p.routes).some((to) => to !== undefined));
  lines.push(
    ...table(
      'Your Routes',
      ['N', '$', 'M', 'C', 'E'],
      routed.map((p) => [
        name(p.name),
        p.routes.CAP ?? '-',
        p.routes.MAT ?? '-',
        p.routes.COL ?? '-',
        p.routes.EMP ?? '-',
      ]),
    ),
  );
  if (v.me.options.AUTOUNLOAD) lines.push('', 'AUTO UNLOAD IS CURRENTLY SET');
  for (const owner of new Set(v.alienPlanets.map((p) => p.owner)))
    lines.push(
      ...table(
        `${name(owner ?? '')} Planets`,
        PLANET_HEAD,
        planetRows(v.alienPlanets.filter((p) => p.owner === owner)),
      ),
    );
  lines.push(
    ...table(
      'Unidentified Planets',
      ['N', 'X', 'Y'],
      v.unidentified.map((p) => [name(p.name), p.x, p.y]),
    ),
  );
  lines.push(
    ...table(
      'Uninhabited Planets',
      ['N', 'X', 'Y', 'S', 'R', '$', 'M'],
      v.uninhabited.map((p) => [
        name(p.name),
        p.x,
        p.y,
        p.size ?? '',
        p.resources ?? '',
        p.capital ?? '',
        p.materials ?? '',
      ]),
    ),
  );
  const tables = v.me.options.FLEETTABLES;
  lines.push(
    ...table(
      'Your Groups',
      [...GROUP_HEAD, ...(tables ? [] : ['F'])],
      v.groups
        .filter((g) => !tables || g.fleet === null)
        .map((g) => [...groupRow(g), ...(tables ? [] : [g.fleet ?? '-'])]),
    ),
  );
  if (tables)
    for (const f of v.fleets)
      lines.push(
        ...table(
          `Fleet ${name(f.name)} (speed ${f2(f.speed)})`,
          GROUP_HEAD,
          v.groups.filter((g) => g.fleet === f.name).map(groupRow),
        ),
      );
  for (const [owner, groups] of byOwner(v.alienGroups))
    lines.push(
      ...table(
        `${name(owner)} Groups`,
        GROUP_HEAD.slice(1),
        groups.map((g) => groupRow(g).slice(1)),
      ),
    );
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices: notices(v) };
}

/** What the platform pushes: battles and bombings, first contacts, and the rest as news. */
function notices(v: PlayerView): Notice[] {
  return [
    ...v.battles.map((b): Notice => ({ kind: 'combat', text: `Battle at ${b.planet}` })),
    ...v.bombings.map((b): Notice => ({
      kind: 'combat',
      text: `${b.planetName} was bombed by ${b.bombers.join(', ')}`,
    })),
    ...v.notices,
    ...v.incoming.map((g): Notice => ({
      kind: 'news',
      text: `${g.ships} alien ships heading for ${g.planet}`,
    })),
    ...v.messages.map((m): Notice => ({
      kind: 'news',
      text: m.broadcast ? 'A broadcast message' : `A message from ${m.from ?? '?'}`,
    })),
    ...v.gone.map((g): Notice => ({ kind: 'news', text: `The ${g.name} have left the game (${g.reason})` })),
    ...(v.ended
      ? [{ kind: 'news' as const, text: v.winner ? `Game over: the ${v.winner} have won` : 'Game over' }]
      : []),
  ];
}
