import type { GtView } from '@warpgate/rulesets/galac-tac';
import type { DockView, ShipView, SystemView } from '@warpgate/rulesets/galac-tac/view';
// The modules themselves, not the package index: plain rules code the bundle can hold.
import { formatRating, ssd } from '../../../libs/rulesets/galac-tac/design';
import {
  columnOf,
  dateOf,
  formatLoc,
  locOf,
  rowOf,
  type Cargo,
  type Loc,
  type StandingOrder,
  type SystemStatus,
} from '../../../libs/rulesets/galac-tac/state';
import { colourOf, MINE, PanZoom, type Box } from './pan-zoom';

/** Map units a square. */
const U = 10;
const SIZE = 100;

/** A star as this viewer knows it: base PV where charted, the system's status and owner where known. */
export interface GtStar {
  loc: Loc;
  pv: number | null;
  status: SystemStatus | null;
  owner: string | null;
  own: boolean;
  name: string | null;
}

/** A ship with whose it is and its rating as the printout writes it. */
export type GtShip = ShipView & { empire: string; own: boolean; ratingText: string };

/** What the viewer knows of the galaxy, whichever view it has. */
export interface GtMapData {
  stars: GtStar[];
  ships: GtShip[];
  /** Other empires' ships seen, and combats and encounters, by square. */
  sightings: { loc: Loc; text: string }[];
  battles: Set<Loc>;
  systems: SystemView[];
  docks: DockView[];
}

/** An empire's name in a sentence: `unknown` (the view's UNKNOWN) is no name. */
const empireText = (name: string) => (name === 'unknown' ? 'an unknown empire' : name);

export function gtMap(view: GtView): GtMapData {
  if (view.role === 'spectator')
    return {
      stars: view.stars.map((loc) => ({ loc, pv: null, status: null, owner: null, own: false, name: null })),
      ships: [],
      sightings: [],
      battles: new Set(),
      systems: [],
      docks: [],
    };
  if (view.role === 'admin') {
    const empires = new Map(view.empires.map((e) => [e.id, e]));
    return {
      stars: view.systems.map((x) => ({
        loc: x.loc,
        pv: x.pv,
        status: x.status,
        owner: x.owner === null ? null : (empires.get(x.owner)?.name ?? x.owner),
        own: false,
        name: x.name,
      })),
      ships: view.ships.map((x) => {
        const empire = empires.get(x.owner);
        const design = empire?.designs.find((d) => d.number === x.design);
        const rating = design?.rating ?? x.intact;
        return {
          ...x,
          code: design?.code ?? '?',
          rating,
          ssd: ssd(x.intact),
          designSsd: ssd(rating),
          empire: empire?.name ?? x.owner,
          own: false,
          ratingText: formatRating(x.intact, {
            missiles: x.missiles,
            ...(empire && x.tl < empire.tl ? { tl: x.tl } : {}),
          }),
        };
      }),
      sightings: [],
      battles: new Set(view.combats.map((c) => c.loc)),
      systems: [],
      docks: [],
    };
  }
  const foreign = new Map(view.places.map((p) => [p.loc, p]));
  const named = new Map(view.systems.map((x) => [x.loc, x.name]));
  const sightings = [
    ...view.systems.flatMap((x) =>
      x.sightings.map((s) => ({
        loc: x.loc,
        text: `Enemy ships: ${s.ships}, total SSD ${s.ssd}, largest SSD ${s.largest}`,
      })),
    ),
    ...view.scouts.map((r) => ({
      loc: r.loc,
      text: r.estimate
        ? `Scout ${r.ship} caught, escaped: enemy total SSD about ${r.ssd}`
        : `Scout ${r.ship}: ${r.ships} enemy ships, total SSD ${r.ssd}, largest SSD ${r.largest}`,
    })),
    ...view.encounters.map((e) => ({
      loc: e.loc,
      text: `Cease fire: ${e.sides.map((s) => `${s.own ? 'you' : empireText(s.empire)} ${s.ships} ships (SSD ${s.ssd})`).join(', ')}`,
    })),
    ...view.combats.map((c) => ({
      loc: c.loc,
      text: `Combat, ${c.rounds} round${c.rounds === 1 ? '' : 's'}: ${c.ships.filter((x) => x.lost !== null).length} ships lost`,
    })),
  ];
  return {
    stars: view.stars.map((x) => {
      const place = foreign.get(x.loc);
      return {
        loc: x.loc,
        pv: x.pv,
        status: x.own ?? (place?.kind === 'uncolonized' ? 'uncolonized' : null),
        owner: x.own ? view.me.name : (place?.owner ?? null),
        own: x.own !== null,
        name: named.get(x.loc) ?? null,
      };
    }),
    ships: view.ships.map((x) => ({
      ...x,
      empire: view.me.name,
      own: true,
      ratingText: formatRating(x.intact, {
        missiles: x.missiles,
        ...(x.tl < view.me.tl ? { tl: x.tl } : {}),
      }),
    })),
    sightings,
    battles: new Set([...view.combats, ...view.encounters].map((c) => c.loc)),
    systems: view.systems,
    docks: view.docks,
  };
}

/** The squares an order heads for, in turn: its target, or a route's stops from the next (SENTRY and SHUTTLE go round). */
export function routeOf(o: StandingOrder): Loc[] {
  if ('stops' in o) {
    const ahead = o.stops.slice(o.next);
    return o.kind === 'SCOUT' ? ahead : [...ahead, ...o.stops.slice(0, o.next + 1)];
  }
  return 'target' in o ? [o.target] : [];
}

/** A standing order in a few words: its kind and where it goes. */
export function orderLabel(o: StandingOrder): string {
  const where = 'stops' in o ? o.stops : 'target' in o ? [o.target] : [];
  const extra =
    o.kind === 'ATTACK' && o.maxSSD > 0
      ? `, max SSD ${o.maxSSD}`
      : 'stops' in o && o.stops.length > 1
        ? `, next ${formatLoc(o.stops[o.next])}`
        : 'steps' in o && o.steps > 0
          ? `, ${o.steps} step${o.steps === 1 ? '' : 's'} done`
          : '';
  return [o.kind, ...where.map(formatLoc)].join(' ') + extra;
}

/** `10 PI, 5 M`: the cargo's non-zero amounts. */
export const cargoText = ({ pi, pv, missiles }: Cargo) =>
  (
    [
      [pi, 'PI'],
      [pv, 'PV'],
      [missiles, 'M'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(', ');

const STATUS = { home: 'Home System', production: 'Production', colony: 'Colony' } as const;

/** An own system's line as the printout's (§8.1): `60-74 Name 10(100) PV, 100 PI, 0 M Home System`. */
export function systemLine(x: SystemView): string {
  const stock =
    x.status !== 'colony' ? `, ${x.pi} PI, ${x.missiles} M` : x.missiles > 0 ? `, ${x.missiles} M` : '';
  const alarms = `${x.beingDestroyed ? ' Being Destroyed!' : ''}${x.underAttack ? ' Under Attack!' : ''}`;
  return `${formatLoc(x.loc)} ${x.name ?? 'Unnamed Star System'} ${x.pv}(${x.output}) PV${stock} ${STATUS[x.status]}${alarms}`;
}

/** A star in words: what it is, whose, its base PV. */
function starText(s: GtStar): string {
  const what = s.status === 'uncolonized' ? 'Uncolonized star' : s.status ? STATUS[s.status] : 'Star';
  const whose = s.own ? ', yours' : s.owner ? ` of ${empireText(s.owner)}` : '';
  return `${what}${whose}${s.pv === null ? ', uncharted' : `, base PV ${s.pv}`}`;
}

/** One square's contents, for its label and its details. */
interface Square {
  loc: Loc;
  star: GtStar | undefined;
  ships: GtShip[];
  sightings: string[];
  battle: boolean;
}

function squares(data: GtMapData): Map<Loc, Square> {
  const all = new Map<Loc, Square>();
  const at = (loc: Loc) => {
    let sq = all.get(loc);
    if (!sq)
      all.set(loc, (sq = { loc, star: undefined, ships: [], sightings: [], battle: data.battles.has(loc) }));
    return sq;
  };
  for (const s of data.stars) at(s.loc).star = s;
  for (const x of data.ships) at(x.loc).ships.push(x);
  for (const s of data.sightings) at(s.loc).sightings.push(s.text);
  for (const loc of data.battles) at(loc);
  return all;
}

/** The ships of a square counted by empire. */
function byEmpire(ships: GtShip[]): { empire: string; own: boolean; n: number }[] {
  const by = new Map<string, { empire: string; own: boolean; n: number }>();
  for (const x of ships) {
    const seen = by.get(x.empire);
    if (seen) seen.n++;
    else by.set(x.empire, { empire: x.empire, own: x.own, n: 1 });
  }
  return [...by.values()];
}

const shipsText = (ships: GtShip[]) =>
  byEmpire(ships)
    .map(({ empire, own, n }) => `${n} ship${n === 1 ? '' : 's'} of ${own ? 'yours' : empire}`)
    .join(', ');

const squareText = (sq: Square) =>
  [
    `${formatLoc(sq.loc)} ${sq.star ? starText(sq.star) : 'Deep space'}`,
    sq.ships.length > 0 ? shipsText(sq.ships) : '',
    sq.sightings.length > 0 ? 'foreign ships seen' : '',
  ]
    .filter((t) => t !== '')
    .join('; ');

const centre = (loc: Loc) => ({ x: (columnOf(loc) + 0.5) * U, y: (rowOf(loc) + 0.5) * U });
const LETTER = { home: 'H', production: 'P', colony: 'C' } as const;
/** Around the galaxy, for its rulers. */
const PAD = U * 2.5;
const WHOLE: Box = { x: -PAD, y: -PAD, w: SIZE * U + 2 * PAD, h: SIZE * U + 2 * PAD };
/** A player's first view: at least this many squares across, and this many around what is theirs. */
const MIN_WINDOW = 24;
const MARGIN = 6;

/**
 * What the map opens on: a player's part of the galaxy (its systems, its fleets and
 * where they go, with room around), else all of it. Zooming out shows the rest.
 */
function focusOf(view: GtView, data: GtMapData): Box {
  if (view.role !== 'player') return WHOLE;
  const locs = [view.me.home, ...data.systems.map((x) => x.loc)];
  for (const x of data.ships) locs.push(x.loc, ...routeOf(x.order));
  const [ys, xs] = [locs.map(rowOf), locs.map(columnOf)];
  const span = Math.max(
    MIN_WINDOW,
    Math.max(...ys) - Math.min(...ys) + 1 + 2 * MARGIN,
    Math.max(...xs) - Math.min(...xs) + 1 + 2 * MARGIN,
  );
  if (span >= SIZE) return WHOLE;
  const start = (v: number[]) =>
    Math.min(SIZE - span, Math.max(0, Math.floor((Math.min(...v) + Math.max(...v) + 1 - span) / 2)));
  return { x: start(xs) * U - PAD, y: start(ys) * U - PAD, w: span * U + 2 * PAD, h: span * U + 2 * PAD };
}

/** Grid lines every `step` squares, but those every `skip` (drawn bolder). */
function gridPath(step: number, skip: number) {
  let d = '';
  for (let i = step; i < SIZE; i += step)
    if (i % skip !== 0) d += `M${i * U},0V${SIZE * U}M0,${i * U}H${SIZE * U}`;
  return d;
}

function Grid() {
  const labels = [];
  for (let y = 0; y < SIZE; y += 10)
    for (let x = 0; x < SIZE; x += 10)
      labels.push(
        <text key={`${y}-${x}`} class="gt-grid-label" x={x * U + U * 0.1} y={y * U + U * 0.6}>
          {formatLoc(locOf(y, x))}
        </text>,
      );
  for (let i = 0; i < SIZE; i += 10)
    labels.push(
      <text key={`c${i}`} class="gt-ruler" x={(i + 0.5) * U} y={-U * 0.8}>
        {String(i).padStart(2, '0')}
      </text>,
      <text key={`r${i}`} class="gt-ruler" x={-U * 1.3} y={(i + 0.5) * U + U * 0.35}>
        {String(i).padStart(2, '0')}
      </text>,
    );
  return (
    <g aria-hidden="true">
      <path class="gt-grid" d={gridPath(1, 5)} />
      <path class="gt-grid five" d={gridPath(5, 10)} />
      <path class="gt-grid ten" d={gridPath(10, SIZE)} />
      <rect class="gt-edge" width={SIZE * U} height={SIZE * U} />
      {labels}
    </g>
  );
}

/** The fleets of a square, one mark an empire with its count of ships: at its corner, or its centre in deep space. */
function FleetMarks({ ships, corner }: { ships: GtShip[]; corner: boolean }) {
  const [x0, y0] = corner ? [U * 1.05, U * 0.05] : [U * 0.5, U * 0.5];
  const h = U * 0.3;
  return (
    <>
      {byEmpire(ships).map(({ empire, own, n }, i) => (
        <g key={empire} class="gt-fleet" transform={`translate(${x0},${y0 + i * U * 0.7})`}>
          <path d={`M0,${-h} L${h},0 L0,${h} L${-h},0 Z`} fill={own ? MINE : colourOf(empire)} />
          <text x={h + U * 0.1} y={U * 0.25}>
            {n}
          </text>
        </g>
      ))}
    </>
  );
}

/** A star's radius and colour: own systems largest, then foreign ones, charted stars, uncharted ones. */
function starLook(s: GtStar): { r: number; fill: string; label: string; light: boolean } {
  if (s.own && s.status && s.status !== 'uncolonized')
    return { r: U * 0.55, fill: MINE, label: LETTER[s.status], light: true };
  const pv = s.pv === null ? '' : s.pv === 10 ? 'X' : String(s.pv);
  if (s.owner && s.status !== 'uncolonized')
    return { r: U * 0.5, fill: colourOf(s.owner), label: pv || '?', light: true };
  if (s.pv !== null) return { r: U * 0.5, fill: '#cbd5e1', label: pv, light: false };
  return { r: U * 0.3, fill: '#64748b', label: '', light: false };
}

/**
 * Galac-Tac's galaxy: the 100 × 100 squares with every star (base PV where charted), own systems by
 * status, fleets by empire with lines to where their orders take them, foreign ships seen, combats.
 * Any square may be picked: an empty one is a target too.
 */
export function GtMap({
  view,
  selected,
  onSelect,
}: {
  view: GtView;
  selected: string | null;
  onSelect: (loc: string) => void;
}) {
  const data = gtMap(view);
  const all = squares(data);
  const roots = data.ships.filter(
    (x) => x.parent === null && x.carrier === null && routeOf(x.order).length > 0,
  );
  const pick = (e: MouseEvent) => {
    const svg = (e.currentTarget as SVGGraphicsElement).ownerSVGElement!;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM()!.inverse());
    const [x, y] = [Math.floor(p.x / U), Math.floor(p.y / U)];
    if (x >= 0 && x < SIZE && y >= 0 && y < SIZE) onSelect(formatLoc(locOf(y, x)));
  };
  return (
    <>
      <PanZoom bounds={WHOLE} start={focusOf(view, data)} label="Square-grid map of the galaxy">
        <rect class="gt-space" x={0} y={0} width={SIZE * U} height={SIZE * U} onClick={pick} />
        <Grid />
        <g aria-hidden="true">
          {roots.map((x) => {
            const points = [x.loc, ...routeOf(x.order)].map(centre);
            const last = points[points.length - 1];
            const attack = x.order.kind === 'ATTACK' || x.order.kind === 'DESTROY';
            return (
              <g
                key={x.id}
                class={`gt-route${attack ? ' attack' : ''}`}
                stroke={x.own ? undefined : colourOf(x.empire)}
              >
                <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
                <circle cx={last.x} cy={last.y} r={U * 0.6} />
              </g>
            );
          })}
        </g>
        {[...all.values()].map((sq) => {
          const { star } = sq;
          const look = star && starLook(star);
          const ref = formatLoc(sq.loc);
          const isSelected = selected === ref;
          const plain = look?.label === '' && sq.ships.length + sq.sightings.length === 0 && !sq.battle;
          return (
            <g
              key={sq.loc}
              class={`gt-square${isSelected ? ' selected' : ''}`}
              transform={`translate(${columnOf(sq.loc) * U},${rowOf(sq.loc) * U})`}
              role="button"
              // Plain uncharted stars are many (up to 800): picked with the pointer, not tabbed through.
              tabIndex={plain ? -1 : 0}
              aria-label={squareText(sq)}
              aria-pressed={isSelected}
              data-loc={ref}
              onClick={() => onSelect(ref)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(ref))}
            >
              <rect class="gt-cell" width={U} height={U} />
              {sq.battle && <circle class="battle" cx={U / 2} cy={U / 2} r={U * 0.9} />}
              {look && (
                <>
                  {star.status === 'home' && (
                    <circle class="gt-home-ring" cx={U / 2} cy={U / 2} r={U * 0.75} />
                  )}
                  <circle class="gt-star" cx={U / 2} cy={U / 2} r={look.r} fill={look.fill} />
                  {look.label && (
                    <text class={`gt-label${look.light ? ' light' : ''}`} x={U / 2} y={U * 0.75}>
                      {look.label}
                    </text>
                  )}
                </>
              )}
              {sq.ships.length > 0 && <FleetMarks ships={sq.ships} corner={star !== undefined} />}
              {sq.sightings.length > 0 && (
                <path
                  class="gt-sighting"
                  d={`M${-U * 0.1},${U * 1.1} l${U * 0.3},${-U * 0.55} l${U * 0.3},${U * 0.55} Z`}
                />
              )}
            </g>
          );
        })}
      </PanZoom>
      <GtKey view={view} />
    </>
  );
}

/**
 * Under the map: the galaxy's date, which the book shows on every report (§8.1), and the empires the
 * viewer knows in their colours on the map.
 */
function GtKey({ view }: { view: GtView }) {
  const date = view.role === 'admin' ? dateOf(view.turn) : view.date;
  const empires =
    view.role === 'player'
      ? [{ name: view.me.name, own: true }, ...view.known.map((name) => ({ name, own: false }))]
      : view.role === 'admin'
        ? view.empires.map(({ name }) => ({ name, own: false }))
        : [];
  return (
    <p class="gt-key">
      <span>
        Date <strong>{date}</strong>
      </span>
      {empires.map((e) => (
        <span key={e.name}>
          <span class="swatch" style={{ background: e.own ? MINE : colourOf(e.name) }} aria-hidden="true" />
          {e.name}
          {e.own ? ' (you)' : ''}
        </span>
      ))}
    </p>
  );
}

type Placed = Pick<ShipView, 'id' | 'parent' | 'carrier'>;

/** A fleet's ships: the flagship, then what is in its hangars and joined to it, each under its parent. */
export function fleetRows<S extends Placed>(ships: S[], root: S, depth = 0): { ship: S; depth: number }[] {
  const under = ships.filter((x) => x.carrier === root.id || (x.parent === root.id && x.carrier === null));
  return [{ ship: root, depth }, ...under.flatMap((x) => fleetRows(ships, x, depth + 1))];
}

/** Every fleet's ships in turn, flagship first: the fleets by square, then by flagship id. */
export const inFleets = <S extends Placed & { loc: Loc }>(ships: S[]) =>
  ships
    .filter((x) => x.parent === null && x.carrier === null)
    .sort((a, b) => a.loc - b.loc || a.id - b.id)
    .flatMap((x) => fleetRows(ships, x));

/** What the viewer knows of one square: its system line, sightings, dry dock and the fleets there. */
export function GtSquareDetails({ view, loc: ref }: { view: GtView; loc: string }) {
  const m = /^(\d\d)-(\d\d)$/.exec(ref);
  if (!m) return null;
  const loc = locOf(Number(m[1]), Number(m[2]));
  const data = gtMap(view);
  const sq = squares(data).get(loc) ?? { loc, star: undefined, ships: [], sightings: [], battle: false };
  const system = data.systems.find((x) => x.loc === loc);
  const docks = data.docks.filter((d) => d.loc === loc);
  const rows = inFleets(sq.ships);
  const fleets = rows.filter((r) => r.depth === 0).length;
  const admin = view.role === 'admin';
  return (
    <div class="details gt-details">
      <h3>
        {ref}
        {sq.star?.name ? ` ${sq.star.name}` : ''}
      </h3>
      <p class="system-line">{system ? systemLine(system) : sq.star ? starText(sq.star) : 'Deep space'}</p>
      {sq.sightings.length > 0 && (
        <ul class="gt-seen">
          {sq.sightings.map((t, i) => (
            <li key={i}>{t}</li>
          ))}
        </ul>
      )}
      {docks.length > 0 && (
        <p>
          Dry dock:{' '}
          {docks
            .map(
              (d) =>
                `${d.id} ${d.code} ${d.name} due ${d.due}, ${Math.floor((100 * d.elapsed) / d.delay)}% complete`,
            )
            .join('; ')}
        </p>
      )}
      {rows.length > 0 && (
        <div class="table-wrap">
          <table class="gt-fleets">
            <caption>
              {fleets} fleet{fleets === 1 ? '' : 's'}, {rows.length} ship{rows.length === 1 ? '' : 's'}
            </caption>
            <thead>
              <tr>
                {admin && <th scope="col">Empire</th>}
                <th scope="col">Ship</th>
                <th scope="col">Code</th>
                <th scope="col">Rating</th>
                <th scope="col">SSD</th>
                <th scope="col">Order</th>
                <th scope="col">Cargo</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ ship: x, depth }) => (
                <tr key={x.id} class={depth > 0 ? 'joined' : ''}>
                  {admin && <td>{x.empire}</td>}
                  <th scope="row" style={{ paddingLeft: `${0.4 + depth}rem` }}>
                    {x.id} <span class="muted">{x.name}</span>
                  </th>
                  <td>{x.code}</td>
                  <td class="gt-rating">{x.ratingText}</td>
                  <td class="num">{x.ssd}</td>
                  <td>{depth > 0 ? (x.carrier !== null ? 'in hangar' : 'joined') : orderLabel(x.order)}</td>
                  <td>{cargoText(x.cargo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
