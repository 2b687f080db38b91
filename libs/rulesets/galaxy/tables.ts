import { type Cell, type Column, PAGE_WIDTH, table, wrapText } from '../printout';
import { buildCost, distance } from './formulas';
import type { GroupView, MapPlanet, PlanetView, PlayerView } from './view';

/** The printout's map and tables of things (digest §8), in fixed-width columns, from the player's view only. */

/** Names as the race wants them printed: UNDERSCORES writes `_` for each space. */
export const namer =
  (v: PlayerView) =>
  (n: string): string =>
    v.me.options.UNDERSCORES ? n.replace(/ /g, '_') : n;

/** A column of text, and one of numbers (two decimals unless told). */
export const text = (head: string): Column => ({ head });
export const num = (head: string, digits = 2): Column => ({ head, digits, align: 'right' });

/**
 * A table as this race's options print it: columns of values it has never seen (every row unknown) are
 * left out, not shown as a column of dashes; TWOCOL prints narrow tables in two columns side by side.
 */
function put(v: PlayerView, title: string, columns: Column[], rows: Cell[][]): string[] {
  const known: number[] = [];
  for (let i = 0; i < columns.length; i++)
    if (i === 0 || rows.some((r) => r[i] !== null && r[i] !== undefined)) known.push(i);
  const all = known.length === columns.length;
  return table(
    title,
    all ? columns : known.map((i) => columns[i]),
    all ? rows : rows.map((r) => known.map((i) => r[i])),
    PAGE_WIDTH,
    v.me.options.TWOCOL,
  );
}

/** A table per other race, races in the order they first appear. */
function perOwner<T>(
  items: T[],
  ownerOf: (t: T) => string,
  print: (owner: string, theirs: T[]) => string[],
): string[] {
  const byOwner = new Map<string, T[]>();
  for (const t of items) {
    const owner = ownerOf(t);
    const theirs = byOwner.get(owner);
    if (theirs) theirs.push(t);
    else byOwner.set(owner, [t]);
  }
  return [...byOwner].flatMap(([o, theirs]) => print(o, theirs));
}

const MAP_COLUMNS = PAGE_WIDTH;
/** Characters are about twice as high as wide: half as many rows make the window square. */
const MAP_ROWS = PAGE_WIDTH / 2;
const SYMBOL: Record<MapPlanet['kind'], string> = {
  own: '*',
  alien: '+',
  unidentified: '+',
  uninhabited: 'o',
};
const SPACE = ' '.charCodeAt(0);
/** Where several things share a character, the one drawn last shows: groups under planets, yours on top. */
const DRAWN = ['uninhabited', 'unidentified', 'alien', 'own'];

/** The map window of the `M` order, drawn as the book and GalaxyNG draw it, its corners' coordinates around. */
export function drawMap(v: PlayerView): string[] {
  const m = v.me.map;
  // Character codes: a row is made a string in one call (joining 80 one-character strings is slower).
  const grid = Array.from({ length: MAP_ROWS }, () => Array<number>(MAP_COLUMNS).fill(SPACE));
  const plot = (p: { x: number; y: number }, symbol: string) => {
    const col = Math.floor(((p.x - m.x) / m.size) * MAP_COLUMNS);
    const row = Math.floor(((p.y - m.y) / m.size) * MAP_ROWS);
    // The window's far edges are inside it: they fall in the last column and row.
    if (p.x >= m.x && p.y >= m.y && p.x <= m.x + m.size && p.y <= m.y + m.size)
      grid[Math.min(row, MAP_ROWS - 1)][Math.min(col, MAP_COLUMNS - 1)] = symbol.charCodeAt(0);
  };
  for (const g of v.map.groups) plot(g, g.own ? '.' : '-');
  for (const kind of DRAWN) for (const p of v.map.planets) if (p.kind === kind) plot(p, SYMBOL[kind]);
  const f = (n: number) => n.toFixed(2);
  // The right corner's coordinates get a line of their own when the left ones leave them no room.
  const corners = (y: number) => {
    const [left, right] = [`${f(m.x)},${f(y)}`, `${f(m.x + m.size)},${f(y)}`];
    const half = MAP_COLUMNS / 2;
    return left.length < half && half + right.length <= MAP_COLUMNS
      ? [left.padEnd(half) + right]
      : [left, right.padStart(MAP_COLUMNS)];
  };
  const border = '-'.repeat(MAP_COLUMNS);
  return [
    '',
    ...wrapText(`Map: window (${f(m.x)}, ${f(m.y)}) size ${f(m.size)}`, PAGE_WIDTH, '    '),
    '',
    ...corners(m.y),
    border,
    ...grid.map((r) => String.fromCharCode(...r).trimEnd()),
    border,
    ...corners(m.y + m.size),
  ];
}

export function addresses(v: PlayerView): string[] {
  const name = namer(v);
  return put(
    v,
    'Player Addresses',
    [text('Race'), text('Address')],
    v.races.filter((r) => r.contact !== null).map((r) => [name(r.name), r.contact]),
  );
}

/** Each design with what the book derives from it: mass, speeds, defence, hold and cost. */
export function shipTypes(v: PlayerView): string[] {
  const name = namer(v);
  const columns = [
    text('Name'),
    num('Drive'),
    num('Attacks', 0),
    num('Weapons'),
    num('Shields'),
    num('Cargo'),
    num('Mass'),
    num('Speed empty'),
    num('Speed loaded'),
    num('Defence'),
    num('Capacity'),
    num('Cost'),
  ];
  const rows = (ts: PlayerView['types']) =>
    ts.map((t) => [
      name(t.name),
      t.drive,
      t.attacks,
      t.weapons,
      t.shields,
      t.cargo,
      t.mass,
      t.speed,
      t.loadedSpeed,
      t.defence,
      t.capacity,
      t.cost,
    ]);
  return [
    ...put(v, 'Your Ship Types', columns, rows(v.types)),
    ...perOwner(
      v.alienTypes,
      (t) => t.owner,
      (owner, theirs) => put(v, `${name(owner)} Ship Types`, columns, rows(theirs)),
    ),
  ];
}

export function bombings(v: PlayerView): string[] {
  const name = namer(v);
  return put(
    v,
    'Bombings',
    [
      text('Bombers'),
      text('Owner'),
      text('Planet'),
      num('Population'),
      num('Industry'),
      text('Producing'),
      num('Capital'),
      num('Materials'),
      num('Colonists'),
    ],
    v.bombings.map((b) => [
      b.bombers.map(name).join(', '),
      name(b.owner),
      name(b.planetName),
      b.before.population,
      b.before.industry,
      name(b.before.production),
      b.before.capital,
      b.before.materials,
      b.before.colonists,
    ]),
  );
}

export function incoming(v: PlayerView): string[] {
  const name = namer(v);
  return put(
    v,
    'Incoming Groups',
    [text('Origin'), text('Destination'), num('Distance'), num('Speed'), num('Mass')],
    v.incoming.map((g) => [name(g.origin ?? ''), name(g.planet), g.left, g.speed, g.mass]),
  );
}

const PLANET_COLUMNS = [
  text('Name'),
  num('X'),
  num('Y'),
  num('Size'),
  num('Population'),
  num('Industry'),
  num('Resources'),
  text('Producing'),
  num('Capital'),
  num('Materials'),
  num('Colonists'),
  num('Production'),
];
function planets(v: PlayerView, title: string, ps: PlanetView[]): string[] {
  const name = namer(v);
  return put(
    v,
    title,
    PLANET_COLUMNS,
    ps.map((p) => [
      name(p.name),
      p.x,
      p.y,
      p.size,
      p.population,
      p.industry,
      p.resources,
      name(p.production),
      p.capital,
      p.materials,
      p.colonists,
      p.productionValue,
    ]),
  );
}

/**
 * Your planets, the ships they build (every turn: what is done of the next ship; PRODTABLE adds what a
 * ship costs there, MAT the stockpile lacks included, as the book's table), and your routes.
 */
export function yourPlanets(v: PlayerView): string[] {
  const name = namer(v);
  const cost = v.me.options.PRODTABLE;
  const building = v.planets.flatMap((p) => {
    const t = v.types.find((ty) => ty.name === p.production);
    return t ? [{ p, cost: buildCost(t.mass, p.materials, p.resources) }] : [];
  });
  const routed = v.planets.filter((p) => Object.values(p.routes).some((to) => to !== undefined));
  const to = (planet: string | undefined) => (planet === undefined ? '-' : name(planet));
  return [
    ...planets(v, 'Your Planets', v.planets),
    ...put(
      v,
      'Ships In Production',
      [text('Planet'), text('Ship type'), ...(cost ? [num('Cost')] : []), num('Production used')],
      building.map((b) => [
        name(b.p.name),
        name(b.p.production),
        ...(cost ? [b.cost] : []),
        b.p.shipProgress,
      ]),
    ),
    ...put(
      v,
      'Your Routes',
      [text('Planet'), text('Capital'), text('Materials'), text('Colonists'), text('Empty')],
      routed.map((p) => [
        name(p.name),
        to(p.routes.CAP),
        to(p.routes.MAT),
        to(p.routes.COL),
        to(p.routes.EMP),
      ]),
    ),
  ];
}

/** What the race sees of other planets: observed alien ones, unidentified ones, uninhabited ones. */
export function otherPlanets(v: PlayerView): string[] {
  const name = namer(v);
  const out = perOwner(
    v.alienPlanets,
    (p) => p.owner ?? '',
    (owner, theirs) => planets(v, `${name(owner)} Planets`, theirs),
  );
  out.push(
    ...put(
      v,
      'Unidentified Planets',
      [text('Name'), num('X'), num('Y')],
      v.unidentified.map((p) => [name(p.name), p.x, p.y]),
    ),
  );
  // Nearest first: how far each is from the closest planet of the race (none when it has no planets).
  // The closest found by squares, its distance taken once: a report measures every uninhabited planet
  // from every planet of the race, and Math.hypot is slow.
  const away = (p: { x: number; y: number }) => {
    let nearest: PlanetView | null = null;
    let least = Infinity;
    for (const own of v.planets) {
      const square = (own.x - p.x) ** 2 + (own.y - p.y) ** 2;
      if (square < least) {
        nearest = own;
        least = square;
      }
    }
    return nearest === null ? null : distance(nearest, p);
  };
  const uninhabited = v.uninhabited.map((p) => ({ p, d: away(p) })).sort((a, b) => (a.d ?? 0) - (b.d ?? 0));
  out.push(
    ...put(
      v,
      'Uninhabited Planets',
      [
        text('Name'),
        num('X'),
        num('Y'),
        num('Distance'),
        num('Size'),
        num('Resources'),
        num('Capital'),
        num('Materials'),
      ],
      uninhabited.map(({ p, d }) => [name(p.name), p.x, p.y, d, p.size, p.resources, p.capital, p.materials]),
    ),
  );
  return out;
}

/** A group's row: where it is, or where it goes, from where, how far it has left, its speed and mass first. */
const groupColumns = [
  num('Ships', 0),
  text('Type'),
  text('Destination'),
  text('Origin'),
  num('Distance'),
  num('Speed'),
  num('Mass'),
  num('Drive'),
  num('Weapons'),
  num('Shields'),
  num('Cargo'),
  text('Carries'),
  num('Load'),
];
function groupCells(name: (n: string) => string, g: GroupView): Cell[] {
  const flying = g.origin !== null;
  return [
    g.ships,
    name(g.type),
    name(g.planet),
    flying ? name(g.origin as string) : null,
    flying ? g.left : null,
    g.speed,
    g.mass,
    g.tech.drive,
    g.tech.weapons,
    g.tech.shields,
    g.tech.cargo,
    g.cargo,
    g.load,
  ];
}

/** A group's row with one more cell after its type (where the fleet goes with NO FLEETTABLES). */
const besideType = <T>(row: T[], cell: T): T[] => [...row.slice(0, 2), cell, ...row.slice(2)];

/**
 * Your groups and fleets. FLEETTABLES (the default): groups outside fleets, a summary of the fleets, and
 * a table per fleet headed by its speed; NO FLEETTABLES: every group with its fleet, and the fleets' speeds.
 */
export function yourGroups(v: PlayerView): string[] {
  const name = namer(v);
  const tables = v.me.options.FLEETTABLES;
  const numbered = [num('Group', 0), ...groupColumns];
  const rows = (gs: GroupView[]) => gs.map((g) => [g.number, ...groupCells(name, g)]);
  if (!tables)
    return [
      ...put(
        v,
        'Your Groups',
        [num('Group', 0), ...besideType(groupColumns, text('Fleet'))],
        v.groups.map((g) => [
          g.number,
          ...besideType(groupCells(name, g), g.fleet === null ? '-' : name(g.fleet)),
        ]),
      ),
      ...put(
        v,
        'Fleet Speeds',
        [text('Fleet'), num('Speed')],
        v.fleets.map((f) => [name(f.name), f.speed]),
      ),
    ];
  const out = put(v, 'Your Groups', numbered, rows(v.groups.filter((g) => g.fleet === null)));
  const byFleet = new Map<string, GroupView[]>();
  for (const g of v.groups)
    if (g.fleet !== null) {
      const fleet = byFleet.get(g.fleet);
      if (fleet) fleet.push(g);
      else byFleet.set(g.fleet, [g]);
    }
  const members = (fleet: string) => byFleet.get(fleet) ?? [];
  out.push(
    ...put(
      v,
      'Your Fleets',
      [text('Fleet'), text('Groups'), text('Destination'), text('Origin'), num('Distance'), num('Speed')],
      v.fleets.map((f) => {
        // A fleet's groups are together: the first says where the fleet is, or goes.
        const lead = members(f.name).at(0);
        const flying = lead !== undefined && lead.origin !== null;
        return [
          name(f.name),
          f.groups.join(', ') || '-',
          lead === undefined ? null : name(lead.planet),
          flying ? name(lead.origin as string) : null,
          flying ? lead.left : null,
          f.speed,
        ];
      }),
    ),
  );
  for (const f of v.fleets)
    out.push(
      ...put(v, `Fleet ${name(f.name)} (Speed ${f.speed.toFixed(2)})`, numbered, rows(members(f.name))),
    );
  return out;
}

/** Other races' groups this race observes, by owner (no group numbers, as the book). */
export function alienGroups(v: PlayerView): string[] {
  const name = namer(v);
  return perOwner(
    v.alienGroups,
    (g) => g.owner,
    (owner, theirs) =>
      put(
        v,
        `${name(owner)} Groups`,
        groupColumns,
        theirs.map((g) => groupCells(name, g)),
      ),
  );
}
