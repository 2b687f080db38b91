import type { SfView } from '@warpgate/rulesets/space-farce';
import type { PlayerView, TaskForceView } from '@warpgate/rulesets/space-farce/view';
// The module itself, not the package index: plain rules code the bundle can hold.
import {
  systemOf,
  type AreaId,
  type BodyType,
  type StarColour,
  type SystemId,
  type SystemKind,
} from '../../../libs/rulesets/space-farce/state';
import { colourOf, MINE, PanZoom, type Box } from './pan-zoom';
import './sf-map.css';

/** A body as this viewer knows it: what a survey found (with when), or everything (admins). */
interface SfBody {
  area: AreaId;
  type: BodyType;
  moons: number | null;
  potential: number | null;
  owner: string | null;
  own: boolean;
  /** `25`, or `25 of 40` where the maximum is known too. */
  ep: string | null;
  /** The month `owner` and `ep` were learned; null: now. */
  asOf: number | null;
}

/** A task force on the map: where it is (or the leg it is on) and the systems its route goes through. */
interface SfForce {
  name: string;
  owner: string;
  own: boolean;
  /** Where it is, or the leg's start while on one. */
  area: AreaId;
  moving: boolean;
  ships: string[];
  /** What it does: its route, survey, guard; supply. */
  orders: string[];
  /** From the system it is in to each one its route reaches in turn (one: it stays). */
  path: SystemId[];
}

interface SfSystem {
  id: SystemId;
  /** Visited by the viewer (admins: every system): its stars and bodies are known. */
  visited: boolean;
  kind: SystemKind | null;
  stars: StarColour[] | null;
  surveyed: number | null;
  /** `in sensor range`, or the areas in it, or null. */
  watched: string | null;
  bodies: SfBody[];
  wps: { area: AreaId; to: SystemId }[];
  /** Whose home system it is (an empire's name), and whether that is the viewer's. */
  homeOf: string | null;
  ownHome: boolean;
  forces: SfForce[];
  bases: { name: string; owner: string; own: boolean; area: AreaId; text: string }[];
  /** Foreign units seen, each a line; `now` when seen in the last week resolved. */
  sightings: { owner: string; now: boolean; area: AreaId; text: string }[];
  battles: string[];
}

interface SfMapData {
  systems: Map<SystemId, SfSystem>;
  /** Known warp links, each once (lower id first). */
  links: [SystemId, SystemId][];
  /** Where the layout starts: the viewer's home system. */
  root: SystemId | null;
}

const BODY_NAMES: Record<BodyType, string> = {
  H: 'habitable planet',
  R: 'rocky planet',
  G: 'gas giant',
  I: 'ice planet',
  Ast: 'asteroid belt',
};
const STAR_FILL: Record<StarColour, string> = {
  Red: '#f87171',
  Orange: '#fb923c',
  Yellow: '#facc15',
  White: '#f1f5f9',
  Blue: '#60a5fa',
};
const BODY_FILL: Record<BodyType, string> = {
  H: '#34d399',
  R: '#a8a29e',
  G: '#f0abfc',
  I: '#a5f3fc',
  Ast: '#64748b',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const wpName = (to: SystemId) => `WP${String(to).padStart(2, '0')}`;

function blankSystem(id: SystemId): SfSystem {
  return {
    id,
    visited: false,
    kind: null,
    stars: null,
    surveyed: null,
    watched: null,
    bodies: [],
    wps: [],
    homeOf: null,
    ownHome: false,
    forces: [],
    bases: [],
    sightings: [],
    battles: [],
  };
}

/** A route's systems from where the TF is: consecutive areas of one system count once. */
function pathOf(areas: AreaId[]): SystemId[] {
  const path: SystemId[] = [];
  for (const a of areas) {
    const s = systemOf(a);
    if (path[path.length - 1] !== s) path.push(s);
  }
  return path;
}

function playerForce(me: string, t: TaskForceView): SfForce {
  const at = t.area ?? t.leg!.from;
  const ahead = [...(t.leg ? [t.leg.to] : []), ...t.route];
  const orders = [
    ...(ahead.length > 0 ? [`to ${ahead.join(' → ')}`] : []),
    ...(t.leg ? [`${plural(t.leg.weeksLeft, 'week')} to ${t.leg.to}`] : []),
    ...(t.survey ? [`surveying system ${t.survey.system}, ${plural(t.survey.weeks, 'week')} done`] : []),
    ...(t.guard ? [`guarding ${t.guard}`] : []),
    ...(t.outOfSupply
      ? [`out of supply: ${t.outOfSupply.carried} MP carried, ${t.outOfSupply.due} due`]
      : []),
  ];
  return {
    name: t.name,
    owner: me,
    own: true,
    area: at,
    moving: t.leg !== null,
    ships: t.ships.map((x) => `${x.name ?? ''} ${x.design}`.trim()),
    orders,
    path: pathOf([at, ...ahead]),
  };
}

/** What the viewer knows of the galaxy as a graph, whichever view it has. */
function sfMap(view: Exclude<SfView, { role: 'spectator' }>): SfMapData {
  const systems = new Map<SystemId, SfSystem>();
  const at = (id: SystemId) => {
    let x = systems.get(id);
    if (!x) systems.set(id, (x = blankSystem(id)));
    return x;
  };
  const links = new Map<string, [SystemId, SystemId]>();
  const link = (a: SystemId, b: SystemId) => {
    const pair: [SystemId, SystemId] = a < b ? [a, b] : [b, a];
    links.set(pair.join('-'), pair);
  };

  if (view.role === 'admin') {
    const names = new Map(view.empires.map((e) => [e.id, e.name]));
    const nameOf = (id: string) => names.get(id) ?? id;
    for (const x of view.systems)
      Object.assign(at(x.id), {
        visited: true,
        kind: x.kind,
        stars: x.stars,
        bodies: x.bodies.map((b): SfBody => ({
          area: b.area,
          type: b.type,
          moons: b.moons,
          potential: null,
          owner: b.owner === null ? null : nameOf(b.owner),
          own: false,
          ep: b.owner === null ? null : `${b.currentEp} of ${b.maxEp}`,
          asOf: null,
        })),
      });
    for (const l of view.links) {
      link(l.from, l.to);
      at(l.from).wps.push({ area: `${l.from} ${wpName(l.to)}`, to: l.to });
      at(l.to).wps.push({ area: `${l.to} ${wpName(l.from)}`, to: l.from });
    }
    for (const e of view.empires) {
      const home = at(systemOf(e.home));
      if (e.kind === 'player') home.homeOf = e.name;
    }
    for (const t of view.taskForces) {
      const where = t.area ?? t.leg!.from;
      const ships = view.ships.filter((x) => x.owner === t.owner && x.kind === 'ship' && x.tf === t.name);
      const ahead = [...(t.leg ? [t.leg.to] : []), ...t.route];
      at(systemOf(where)).forces.push({
        name: t.name,
        owner: nameOf(t.owner),
        own: false,
        area: where,
        moving: t.leg !== null,
        ships: ships.map((x) => `${x.cls}${x.number} ${x.design}`),
        orders: ahead.length > 0 ? [`to ${ahead.join(' → ')}`] : [],
        path: pathOf([where, ...ahead]),
      });
    }
    for (const x of view.ships)
      if (x.kind === 'base' && x.area)
        at(systemOf(x.area)).bases.push({
          name: `${x.cls}${x.number}`,
          owner: nameOf(x.owner),
          own: false,
          area: x.area,
          text: x.design,
        });
    for (const b of view.battles) at(systemOf(b.area)).battles.push(`${b.area}, week ${b.week}`);
    const first = view.empires.find((e) => e.kind === 'player');
    return { systems, links: [...links.values()], root: first ? systemOf(first.home) : null };
  }

  const me = view.me.name;
  for (const x of view.systems) {
    const s = at(x.id);
    Object.assign(s, {
      visited: x.visited,
      kind: x.kind,
      stars: x.stars,
      surveyed: x.surveyed,
      watched:
        x.watched === 'system'
          ? 'in sensor range'
          : x.watched.length > 0
            ? `${x.watched.join(', ')} in sensor range`
            : null,
      wps: x.wps,
      bodies: x.bodies.map((b): SfBody => {
        const colony = view.colonies.find((c) => c.area === b.area && b.owner === me);
        return {
          area: b.area,
          type: b.type,
          moons: b.moons,
          potential: b.potential,
          owner: b.owner,
          own: b.owner === me,
          ep: colony
            ? `${colony.currentEp} of ${colony.maxEp}`
            : b.currentEp === null
              ? null
              : String(b.currentEp),
          asOf: b.asOf,
        };
      }),
    });
    for (const w of x.wps) link(x.id, w.to);
  }
  at(systemOf(view.me.home)).ownHome = true;
  at(systemOf(view.me.home)).homeOf = me;
  for (const t of view.taskForces) {
    const f = playerForce(me, t);
    at(systemOf(f.area)).forces.push(f);
  }
  for (const b of view.bases)
    if (b.area)
      at(systemOf(b.area)).bases.push({
        name: b.name ?? '',
        owner: me,
        own: true,
        area: b.area,
        text: b.design,
      });
  for (const x of view.sightings) {
    const units = x.units
      .map(
        (u) =>
          `${plural(u.count, u.kind === 'ship' ? 'ship' : u.kind === 'base' ? 'base' : 'ground base')} of size ${u.size}${u.group === null ? '' : ` (group ${u.group})`}`,
      )
      .join(', ');
    at(systemOf(x.area)).sightings.push({
      owner: x.owner,
      now: x.now,
      area: x.area,
      text: `${x.owner} at ${x.area}, ${x.now ? 'now' : `month ${x.month} week ${x.week}`}: ${units}`,
    });
  }
  for (const b of view.battles)
    at(systemOf(b.area)).battles.push(
      `${b.area}, week ${b.week}: ${b.sides.map((s) => s.join(' and ')).join(' against ')}`,
    );
  return { systems, links: [...links.values()], root: systemOf(view.me.home) };
}

// ---- Layout ----

/** Map units between rings of the layout, and at least between neighbours on a ring. */
const RING = 130;
const GAP = 95;
/** A node's parts: the star, the ring its bodies sit on, the WP marks on its links, its label. */
const STAR_R = 8;
const BODY_RING = 20;
const WP_AT = 34;

/**
 * A radial tree from `root` (BFS, neighbours by id): each node's children share its sector in
 * proportion to their leaves, and ring d lies at least GAP apart for the ring's leaves. Deterministic:
 * the same known graph lays out the same every time. Other components (a graph seen in parts) follow
 * to the right, each from its lowest system.
 */
function layout(data: SfMapData): Map<SystemId, { x: number; y: number }> {
  const ids = [...data.systems.keys()].sort((a, b) => a - b);
  const next = new Map<SystemId, SystemId[]>(ids.map((id) => [id, []]));
  for (const [a, b] of data.links) {
    next.get(a)!.push(b);
    next.get(b)!.push(a);
  }
  for (const n of next.values()) n.sort((a, b) => a - b);
  const placed = new Map<SystemId, { x: number; y: number }>();
  let right = 0;
  const roots = data.root !== null && next.has(data.root) ? [data.root, ...ids] : ids;
  for (const root of roots) {
    if (placed.has(root)) continue;
    const children = new Map<SystemId, SystemId[]>();
    const depth = new Map<SystemId, number>([[root, 0]]);
    const order = [root];
    for (let i = 0; i < order.length; i++) {
      const kids = next.get(order[i])!.filter((n) => !depth.has(n));
      for (const k of kids) depth.set(k, depth.get(order[i])! + 1);
      children.set(order[i], kids);
      order.push(...kids);
    }
    const leaves = new Map<SystemId, number>();
    for (const id of [...order].reverse())
      leaves.set(
        id,
        Math.max(
          1,
          children.get(id)!.reduce((n, k) => n + leaves.get(k)!, 0),
        ),
      );
    const total = leaves.get(root)!;
    const first = Math.max(RING, (GAP * total) / (2 * Math.PI));
    const radius = (d: number) => (d === 0 ? 0 : first + (d - 1) * RING);
    const local = new Map<SystemId, { x: number; y: number }>();
    const place = (id: SystemId, from: number, span: number) => {
      const a = from + span / 2 - Math.PI / 2;
      const r = radius(depth.get(id)!);
      local.set(id, { x: r * Math.cos(a), y: r * Math.sin(a) });
      let start = from;
      for (const k of children.get(id)!) {
        const share = (span * leaves.get(k)!) / leaves.get(id)!;
        place(k, start, share);
        start += share;
      }
    };
    place(root, 0, 2 * Math.PI);
    relax(local, next);
    const xs = [...local.values()].map((p) => p.x);
    const shift = right - Math.min(...xs) + (placed.size > 0 ? RING : 0);
    for (const [id, p] of local) placed.set(id, { x: p.x + shift, y: p.y });
    right = Math.max(...xs) + shift;
  }
  return placed;
}

/** Rounds of relax: enough for 60 systems to settle. */
const ROUNDS = 150;
/** Systems nearer than this would cover each other's bodies, WP marks and labels. */
const SEPARATION = 100;

/**
 * Stress majorization (weights hops⁻²) toward RING × the hops between two systems: a graph with
 * cycles, which a tree drawing would cross all over, gets its links near one length. Deterministic,
 * from the radial seed (which keeps the home in the middle and the orientation).
 */
function relax(at: Map<SystemId, { x: number; y: number }>, next: Map<SystemId, SystemId[]>) {
  const ids = [...at.keys()];
  const hops = ids.map((from) => {
    const d = new Map<SystemId, number>([[from, 0]]);
    const queue = [from];
    for (let i = 0; i < queue.length; i++)
      for (const n of next.get(queue[i])!)
        if (!d.has(n)) {
          d.set(n, d.get(queue[i])! + 1);
          queue.push(n);
        }
    return ids.map((id) => d.get(id)!);
  });
  for (let round = 0; round < ROUNDS; round++)
    ids.forEach((a, i) => {
      const p = at.get(a)!;
      let [x, y, sum] = [0, 0, 0];
      ids.forEach((b, j) => {
        if (i === j) return;
        const q = at.get(b)!;
        const w = 1 / (hops[i][j] * hops[i][j]);
        const scale = (hops[i][j] * RING) / (Math.hypot(p.x - q.x, p.y - q.y) || 1);
        x += w * (q.x + (p.x - q.x) * scale);
        y += w * (q.y + (p.y - q.y) * scale);
        sum += w;
      });
      if (sum > 0) at.set(a, { x: x / sum, y: y / sum });
    });
  // Then systems closer than a node's size apart move apart along the line between them.
  for (let round = 0; round < ROUNDS; round++) {
    let moved = false;
    ids.forEach((a, i) =>
      ids.slice(i + 1).forEach((b) => {
        const [p, q] = [at.get(a)!, at.get(b)!];
        const len = Math.hypot(p.x - q.x, p.y - q.y);
        if (len >= SEPARATION) return;
        const [dx, dy] = len > 0 ? [(p.x - q.x) / len, (p.y - q.y) / len] : [1, 0];
        const push = (SEPARATION - len) / 2;
        at.set(a, { x: p.x + dx * push, y: p.y + dy * push });
        at.set(b, { x: q.x - dx * push, y: q.y - dy * push });
        moved = true;
      }),
    );
    if (!moved) break;
  }
}

/** Around the graph, and at least this much across (a first month knows a handful of systems). */
const PAD = 70;
const MIN_SPAN = 300;

function boxOf(points: { x: number; y: number }[]): Box {
  if (points.length === 0) return { x: -MIN_SPAN / 2, y: -MIN_SPAN / 2, w: MIN_SPAN, h: MIN_SPAN };
  const [x0, x1] = [Math.min(...points.map((p) => p.x)), Math.max(...points.map((p) => p.x))];
  const [y0, y1] = [Math.min(...points.map((p) => p.y)), Math.max(...points.map((p) => p.y))];
  const w = Math.max(MIN_SPAN, x1 - x0 + 2 * PAD);
  const h = Math.max(MIN_SPAN, y1 - y0 + 2 * PAD);
  return { x: (x0 + x1 - w) / 2, y: (y0 + y1 - h) / 2, w, h };
}

// ---- Drawing ----

/** A system in words, for its label: what it is, whose, what is there. */
function systemText(s: SfSystem): string {
  const what = s.visited
    ? `${s.kind === 'nexus' ? 'nexus' : `${s.kind} star, ${(s.stars ?? []).join(' and ')}`}`
    : 'not visited';
  const parts = [
    `System ${s.id}: ${what}`,
    s.ownHome ? 'your home' : s.homeOf ? `home of ${s.homeOf}` : '',
    s.bodies.some((b) => b.own)
      ? `${plural(s.bodies.filter((b) => b.own).length, 'colony', 'colonies')} of yours`
      : '',
    s.forces.length > 0
      ? s.forces.map((f) => `${f.own ? 'your ' : `${f.owner}'s `}${f.name}`).join(', ')
      : '',
    s.bases.length > 0 ? plural(s.bases.length, 'base') : '',
    s.sightings.length > 0 ? 'foreign units seen' : '',
    s.battles.length > 0 ? 'battle' : '',
  ];
  return parts.filter((p) => p !== '').join('; ');
}

const bodyText = (b: SfBody) =>
  `${b.area}, ${BODY_NAMES[b.type]}${b.own ? ', yours' : b.owner ? `, of ${b.owner}` : ''}${b.potential === null ? '' : `, potential ${b.potential}`}`;

/** Enter and space press a focused SVG button. */
const press = (act: () => void) => (e: KeyboardEvent) =>
  (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), act());

function Star({ s }: { s: SfSystem }) {
  if (!s.visited) return <circle class="sf-unknown" r={STAR_R} />;
  if (s.kind === 'nexus') return <circle class="sf-nexus" r={STAR_R} />;
  const stars = s.stars ?? [];
  if (stars.length === 2)
    return (
      <>
        <circle class="sf-star" cx={-4} r={STAR_R * 0.7} fill={STAR_FILL[stars[0]]} />
        <circle class="sf-star" cx={4} r={STAR_R * 0.7} fill={STAR_FILL[stars[1]]} />
      </>
    );
  return <circle class="sf-star" r={STAR_R} fill={stars[0] ? STAR_FILL[stars[0]] : '#e2e8f0'} />;
}

/** Empire marks beside a node: one per empire, with the names of a few (TF1 TF2) or their count. */
function Marks({
  items,
  x,
  y,
  shape,
}: {
  items: { owner: string; own: boolean; name?: string; faded?: boolean }[];
  x: number;
  y: number;
  shape: 'diamond' | 'triangle' | 'square';
}) {
  const by = new Map<string, { own: boolean; names: string[]; faded: boolean }>();
  for (const i of items) {
    const m = by.get(i.owner) ?? { own: i.own, names: [], faded: true };
    m.names.push(i.name ?? '');
    m.faded &&= i.faded ?? false;
    by.set(i.owner, m);
  }
  const h = 5;
  const d =
    shape === 'diamond'
      ? `M0,${-h}L${h},0L0,${h}L${-h},0Z`
      : shape === 'triangle'
        ? `M0,${-h}L${h},${h * 0.8}L${-h},${h * 0.8}Z`
        : `M${-h * 0.8},${-h * 0.8}h${h * 1.6}v${h * 1.6}h${-h * 1.6}Z`;
  return (
    <>
      {[...by.entries()].map(([owner, m], i) => (
        <g
          key={owner}
          class={`sf-mark${m.faded ? ' faded' : ''}`}
          transform={`translate(${x},${y + i * 12})`}
        >
          <path d={d} fill={m.own ? MINE : colourOf(owner)} />
          {(m.names.length > 1 || m.names[0] !== '') && (
            <text x={h + 2} y={4}>
              {m.names.length > 2 || m.names.includes('') ? m.names.length : m.names.join(' ')}
            </text>
          )}
        </g>
      ))}
    </>
  );
}

/**
 * Space Farce's map: the known star systems as a graph (links: known warp points, each end a mark to
 * pick; systems only reached by a known WP drawn hollow), their stars and bodies, own colonies and
 * home, task forces (yours and, for admins, everyone's) with their routes, bases, sightings of
 * foreign units and battles. A system picks its number (SURVEY, routes), a body or WP its area.
 */
export function SfMap({
  view,
  selected,
  onSelect,
}: {
  view: SfView;
  selected: string | null;
  onSelect: (ref: string) => void;
}) {
  if (view.role === 'spectator')
    return (
      <p class="muted sf-public">
        The map of a running game is secret: {plural(view.systems, 'star system')} joined by{' '}
        {plural(view.warpPoints, 'warp link')}. It is shown to spectators once the game is over.
      </p>
    );
  const data = sfMap(view);
  const at = layout(data);
  const bounds = boxOf([...at.values()]);
  const chosen = selected === null ? null : Number(selected.split(' ')[0]);
  const pos = (id: SystemId) => at.get(id)!;
  const toward = (from: SystemId, to: SystemId, d: number) => {
    const [a, b] = [pos(from), pos(to)];
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    return { x: a.x + ((b.x - a.x) * d) / len, y: a.y + ((b.y - a.y) * d) / len };
  };
  const forces = [...data.systems.values()].flatMap((s) => s.forces).filter((f) => f.path.length > 1);
  return (
    <PanZoom bounds={bounds} label="Graph map of the known star systems and warp points">
      <defs>
        <marker
          id="sf-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto"
        >
          <path d="M0,0L10,5L0,10Z" class="sf-arrow" />
        </marker>
      </defs>
      <g aria-hidden="true">
        {data.links.map(([a, b]) => (
          <line
            key={`${a}-${b}`}
            class={`sf-link${data.systems.get(a)!.visited && data.systems.get(b)!.visited ? '' : ' stub'}`}
            x1={pos(a).x}
            y1={pos(a).y}
            x2={pos(b).x}
            y2={pos(b).y}
          />
        ))}
        {forces.map((f) => {
          // The route from the system it is in, its arrow ending before the last one's WP mark.
          const pts = f.path.map(pos);
          const end = toward(f.path[f.path.length - 1], f.path[f.path.length - 2], WP_AT + 8);
          pts[pts.length - 1] = end;
          return (
            <polyline
              key={`${f.owner}-${f.name}`}
              class="sf-route"
              stroke={f.own ? MINE : colourOf(f.owner)}
              marker-end="url(#sf-arrow)"
              points={pts.map((p) => `${p.x},${p.y}`).join(' ')}
            />
          );
        })}
      </g>
      {[...data.systems.values()].map((s) => {
        const p = pos(s.id);
        const ref = String(s.id);
        const isChosen = chosen === s.id;
        const n = s.bodies.length;
        return (
          <g
            key={s.id}
            class={`sf-system${isChosen ? ' selected' : ''}`}
            transform={`translate(${p.x},${p.y})`}
          >
            {s.battles.length > 0 && <circle class="battle" r={WP_AT + 6} />}
            {s.ownHome && <circle class="sf-home-ring" r={BODY_RING + 7} />}
            <g
              class="sf-node"
              role="button"
              tabIndex={0}
              aria-label={systemText(s)}
              aria-pressed={selected === ref}
              data-system={s.id}
              onClick={() => onSelect(ref)}
              onKeyDown={press(() => onSelect(ref))}
            >
              <circle class="sf-hit" r={BODY_RING - 5} />
              <Star s={s} />
              <text class="sf-number" y={BODY_RING + 17}>
                {s.id}
              </text>
            </g>
            {s.bodies.map((b, i) => {
              // Orbits clockwise from the top, inner first.
              const a = (2 * Math.PI * i) / n - Math.PI / 2;
              const owner = b.own ? MINE : b.owner ? colourOf(b.owner) : undefined;
              return (
                <g
                  key={b.area}
                  class={`sf-body${selected === b.area ? ' selected' : ''}`}
                  transform={`translate(${BODY_RING * Math.cos(a)},${BODY_RING * Math.sin(a)})`}
                  role="button"
                  tabIndex={0}
                  aria-label={bodyText(b)}
                  aria-pressed={selected === b.area}
                  data-area={b.area}
                  onClick={() => onSelect(b.area)}
                  onKeyDown={press(() => onSelect(b.area))}
                >
                  {owner && <circle class="sf-owned" r={5} stroke={owner} />}
                  <circle r={b.type === 'Ast' ? 2 : b.type === 'G' ? 3.4 : 2.8} fill={BODY_FILL[b.type]} />
                </g>
              );
            })}
            {s.wps.map((w) => {
              const q = toward(s.id, w.to, WP_AT);
              return (
                <g
                  key={w.area}
                  class={`sf-wp${selected === w.area ? ' selected' : ''}`}
                  transform={`translate(${q.x - p.x},${q.y - p.y})`}
                  role="button"
                  tabIndex={0}
                  aria-label={`${w.area}: warp point to system ${w.to}`}
                  aria-pressed={selected === w.area}
                  data-area={w.area}
                  onClick={() => onSelect(w.area)}
                  onKeyDown={press(() => onSelect(w.area))}
                >
                  <path d="M0,-4L4,0L0,4L-4,0Z" />
                </g>
              );
            })}
            <g aria-hidden="true">
              <Marks items={s.forces} x={WP_AT} y={-WP_AT + 4} shape="diamond" />
              <Marks items={s.bases} x={WP_AT} y={WP_AT - 10} shape="square" />
              <Marks
                items={s.sightings.map((x) => ({ owner: x.owner, own: false, faded: !x.now }))}
                x={-WP_AT}
                y={-WP_AT + 4}
                shape="triangle"
              />
            </g>
          </g>
        );
      })}
    </PanZoom>
  );
}

const asOfText = (b: SfBody) => (b.asOf === null ? (b.owner === null ? '' : 'now') : `month ${b.asOf}`);

/** What the view tells of the system selected on the map (or of the system of a body or WP selected). */
export function SfSystemDetails({ view, system: ref }: { view: SfView; system: string }) {
  if (view.role === 'spectator') return null;
  const id = Number(ref.split(' ')[0]);
  const data = sfMap(view);
  const s = data.systems.get(id);
  if (!s) return null;
  const reachedBy = [...data.systems.values()].flatMap((o) =>
    o.wps.filter((w) => w.to === id).map((w) => w.area),
  );
  const player = view.role === 'player' ? (view as PlayerView) : null;
  const admin = view.role === 'admin';
  const colonies = player ? player.colonies.filter((c) => systemOf(c.area) === id) : [];
  // A field protects an area or one of the player's bases, by name (§6.41).
  const minefields = player
    ? player.minefields.filter(
        (m) => systemOf(player.bases.find((b) => b.name === m.protect)?.area ?? m.protect) === id,
      )
    : [];
  const what = s.visited
    ? s.kind === 'nexus'
      ? 'A nexus'
      : `A ${s.kind} star system, ${(s.stars ?? []).join(' and ')}`
    : `Not visited: reached by ${reachedBy.join(', ') || 'no known warp point'}`;
  const facts = [
    what,
    s.ownHome ? 'your home' : s.homeOf ? `home of ${s.homeOf}` : '',
    player && s.visited ? (s.surveyed === null ? 'not surveyed' : `surveyed in month ${s.surveyed}`) : '',
    s.watched ?? '',
  ].filter((t) => t !== '');
  return (
    <div class="details sf-details">
      <h3>System {s.id}</h3>
      <p>{facts.join('; ')}.</p>
      {s.bodies.length > 0 && (
        <div class="table-wrap">
          <table class="sf-bodies">
            <caption>{plural(s.bodies.length, 'body', 'bodies')}</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col">Type</th>
                <th scope="col">Moons</th>
                {!admin && <th scope="col">Potential</th>}
                <th scope="col">Owner</th>
                <th scope="col">EP</th>
                {!admin && <th scope="col">As of</th>}
              </tr>
            </thead>
            <tbody>
              {s.bodies.map((b) => (
                <tr key={b.area} class={ref === b.area ? 'selected' : b.own ? 'own' : ''}>
                  <th scope="row">{b.area}</th>
                  <td>{BODY_NAMES[b.type]}</td>
                  <td class="num">{b.moons ?? ''}</td>
                  {!admin && <td class="num">{b.potential ?? '?'}</td>}
                  <td>{b.own ? 'you' : (b.owner ?? '')}</td>
                  <td class="num">{b.ep ?? ''}</td>
                  {!admin && <td>{asOfText(b)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {colonies.map((c) => {
        const notes = [
          `${c.currentEp} of ${c.maxEp} EP, potential ${c.potential}`,
          c.blockaded ? `blockaded (${c.localEp} EP held locally)` : '',
          c.capturedFrom ? `captured from ${c.capturedFrom}` : '',
          c.lostTo ? `held by ${c.lostTo}` : '',
          c.groundBase ? `ground base ${c.groundBase.design}` : '',
          c.garrison ? `${plural(c.garrison.count, 'PCF')} (${c.garrison.crew})` : '',
          ...c.foreign.map((f) => `${plural(f.count, 'PCF')} of ${f.owner}`),
        ].filter((t) => t !== '');
        return (
          <p key={c.area} class="sf-colony">
            Colony {c.area}: {notes.join(', ')}
          </p>
        );
      })}
      {s.forces.length > 0 && (
        <div class="table-wrap">
          <table class="sf-forces wrap">
            <caption>{plural(s.forces.length, 'task force')}</caption>
            <thead>
              <tr>
                {admin && <th scope="col">Empire</th>}
                <th scope="col">TF</th>
                <th scope="col">At</th>
                <th scope="col">Ships</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {s.forces.map((f) => (
                <tr key={`${f.owner}-${f.name}`}>
                  {admin && <td>{f.owner}</td>}
                  <th scope="row">{f.name}</th>
                  <td>
                    {f.area}
                    {f.moving ? ' (moving)' : ''}
                  </td>
                  <td>{f.ships.join(', ')}</td>
                  <td>{f.orders.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.bases.length > 0 && (
        <p>
          Bases:{' '}
          {s.bases.map((b) => `${admin ? `${b.owner} ` : ''}${b.name} ${b.text} at ${b.area}`).join('; ')}
        </p>
      )}
      {minefields.length > 0 && (
        <p class="sf-mines">
          Your mines:{' '}
          {minefields
            .map(
              (m) =>
                [m.beam > 0 ? `${m.beam} beam` : '', m.missile > 0 ? `${m.missile} missile` : '']
                  .filter((t) => t !== '')
                  .join(' and ') + ` protecting ${m.protect}`,
            )
            .join('; ')}
        </p>
      )}
      {s.sightings.length > 0 && (
        <ul class="sf-seen">
          {s.sightings.map((x, i) => (
            <li key={i}>{x.text}</li>
          ))}
        </ul>
      )}
      {s.battles.length > 0 && <p class="sf-battles">Battles: {s.battles.join('; ')}</p>}
      {s.wps.length > 0 && (
        <p>Warp points: {s.wps.map((w) => `${wpName(w.to)} to system ${w.to}`).join(', ')}</p>
      )}
    </div>
  );
}
