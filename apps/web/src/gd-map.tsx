import type { GdView } from '@warpgate/rulesets/galactic-domination';
import type {
  BattleView,
  DiscoveryView,
  EncounterView,
  FleetView,
  LocationView,
  LogView,
  PlanetView,
} from '@warpgate/rulesets/galactic-domination/view';
// The modules themselves, not the package index: plain rules code the bundle can hold.
import { toOffset, type LocId } from '../../../libs/rulesets/galactic-domination/hex';
import type {
  GdState,
  Planet,
  PlayerId,
  Unit,
  WorldKind,
} from '../../../libs/rulesets/galactic-domination/state';
import {
  fleetSpeed,
  RACES,
  TACTICS_CARDS,
  UNIT_TYPES,
  type RaceCode,
} from '../../../libs/rulesets/galactic-domination/tables';
import { PanZoom, type Box } from './pan-zoom';
import './gd-map.css';
import { useMedia } from './ui';

/** The hex's radius in map units. */
const S = 10;
const SQRT3 = Math.sqrt(3);
/** A split hex's halves: `a` the left half, `b` the right (their centres this far from the hex's). */
const HALF_DX = (S * SQRT3) / 4;

/**
 * One colour a race, the same in every game, as the book's counters are (none of them the accent
 * blue, which marks what is yours).
 */
const RACE_COLOURS: Record<RaceCode, string> = {
  G: '#f59e0b',
  I: '#a855f7',
  S: '#22c55e',
  T: '#ef4444',
  F: '#06b6d4',
  P: '#ec4899',
  H: '#fde047',
  B: '#a16207',
  M: '#f1f5f9',
};
/** Natives, pirates and aliens; and a world that is nobody's. */
const NOBODY = '#94a3b8';

/** The board as this viewer knows it, whichever view it has. */
export interface GdBoard {
  turn: number;
  width: number;
  height: number;
  locations: LocationView[];
  fleets: FleetView[];
  players: { name: string; race: RaceCode; vp: number; cards: number }[];
  /** The viewer's empire name, null for spectators and admins. */
  me: string | null;
  /** The viewer's own Tactics cards; null when the view has no hand of its own. */
  hand: string[] | null;
  /** The viewer's own Stellars, and CP once it has had some (Terran navy): "$12 in hand, 5 CP". */
  purse: string | null;
  /** The discovery counters the view tells of (§6.10): a player's own and those it found; all for admins. */
  counters: Counter[];
  stimulus: string | null;
  log: Pick<LogView, 'moves' | 'played' | 'battles' | 'encounters'>;
}

/** A discovery counter on the board: face down until a ship finds it, and what the viewer knows of it. */
interface Counter {
  loc: LocId;
  faceDown: boolean;
  text: string;
}

/** The player's own counters and those it found (n + d10, GD-14), in the printout's words. */
const ownCounter = (d: DiscoveryView): Counter => ({
  loc: d.loc,
  faceDown: !d.found,
  text:
    d.result === null
      ? `${d.placed ? 'yours, ' : ''}${d.found ? 'found' : 'face down'}`
      : `found by you: ${d.n} + d10 ${d.roll} = ${d.result}`,
});

/** The whole record (admins, and everyone once a game is over) seen as the open board with nothing hidden. */
function fullBoard(s: GdState): GdBoard {
  const names = new Map(s.players.map((p) => [p.id, p.name]));
  const nameOf = (id: PlayerId) => names.get(id) ?? id;
  const planet = (p: Planet): PlanetView => {
    const natives: Partial<Record<string, number>> = {};
    for (const u of p.natives) natives[u.type] = (natives[u.type] ?? 0) + 1;
    return {
      name: p.name,
      kind: p.kind,
      owner: p.owner && nameOf(p.owner),
      home: p.home && nameOf(p.home),
      main: p.main,
      r: p.r,
      gbds: p.gbds.length,
      ods: p.ods && (RACES[p.ods.id[0] as RaceCode]?.ods ?? 'ODS'),
      shipyards: p.shipyards.length,
      blockaded: p.blockaded,
      mi: p.mi.length,
      homeguard: p.homeguard.length,
      natives: p.natives.length > 0 ? natives : null,
      stance: { ...p.stance },
    };
  };
  return {
    turn: s.turn,
    ...s.map,
    locations: Object.values(s.locations).map((l) => ({
      id: l.id,
      q: l.q,
      r: l.r,
      ...toOffset(l),
      half: l.half,
      explored: l.explored,
      planet: l.planet && planet(l.planet),
      sse: l.sse && { owner: nameOf(l.sse.owner) },
    })),
    fleets: s.fleets.map((f) => ({
      owner: nameOf(f.owner),
      id: f.id,
      loc: f.loc,
      speed: fleetSpeed(f.units),
      units: f.units,
      plan: {
        path: f.path,
        step: f.step,
        halted: f.halted,
        moved: f.moved,
        refit: f.refit,
        stance: f.stance,
      },
    })),
    players: s.players.map((p) => ({ name: p.name, race: p.race, vp: p.vp, cards: p.hand.length })),
    me: null,
    hand: null,
    purse: null,
    counters: (s.discoveries ?? []).map((d) => ({
      loc: d.loc,
      faceDown: d.foundBy === null,
      text:
        d.foundBy === null || d.roll === null
          ? `${nameOf(d.owner)}’s, ${d.n}, face down`
          : `${nameOf(d.owner)}’s, ${d.n}, found by ${nameOf(d.foundBy)}, d10 ${d.roll}`,
    })),
    stimulus: s.stimulus,
    log: {
      moves: s.log.moves.map((m) => ({ ...m, owner: nameOf(m.owner) })),
      played: s.log.played.map((x) => ({ player: nameOf(x.player), card: x.card })),
      battles: s.log.battles.map((b) => ({
        loc: b.loc,
        segment: b.segment,
        kind: b.kind,
        sides: b.sides.map((x) => ({ ...x, players: x.players.map(nameOf) })),
        hits: b.hits,
        winner: b.winner,
        mine: false,
      })),
      encounters: s.log.encounters.map((e) => ({ ...e, player: nameOf(e.player) })),
    },
  };
}

export function gdBoard(view: GdView): GdBoard {
  if (view.role === 'admin') return fullBoard(view);
  return {
    turn: view.turn,
    ...view.map,
    locations: view.locations,
    fleets: view.fleets,
    players: view.players,
    me: view.role === 'player' ? view.me.name : null,
    hand: view.role === 'player' ? view.me.hand : null,
    purse:
      view.role === 'player'
        ? `$${view.me.cash} in hand${view.me.cp === undefined ? '' : `, ${view.me.cp} CP`}`
        : null,
    counters: view.role === 'player' ? (view.me.discoveries ?? []).map(ownCounter) : [],
    stimulus: view.stimulus,
    log: view.log,
  };
}

/** Board coordinates of a location's centre (odd-r offset rows: odd rows half a hex right). */
function centre(l: Pick<LocationView, 'q' | 'r' | 'half'>): { x: number; y: number } {
  const x = S * SQRT3 * (l.q + l.r / 2);
  return { x: x + (l.half === 'a' ? -HALF_DX : l.half === 'b' ? HALF_DX : 0), y: S * 1.5 * l.r };
}

/** A pointy-top hex's corners by angle: 270 the top, 90 the bottom. */
const corner = (deg: number, r = S * 0.96) => {
  const a = (Math.PI / 180) * deg;
  return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
};
const HEX = [-30, 30, 90, 150, 210, 270].map((d) => corner(d)).join(' ');
/** The halves, drawn about the half's own centre with a hair's gap between them. */
const half = (degs: number[], dx: number) =>
  degs
    .map((d) => corner(d).split(',').map(Number))
    .map(([x, y]) => `${(x + dx).toFixed(2)},${y.toFixed(2)}`)
    .join(' ');
const HALVES = {
  a: half([90, 150, 210, 270], HALF_DX - 0.35),
  b: half([270, 330, 30, 90], -HALF_DX + 0.35),
};

/** An empire's colour by its race; NPC forces and nobody's worlds grey. */
function colours(board: GdBoard): (owner: string | null) => string {
  const race = new Map(board.players.map((p) => [p.name, p.race]));
  return (owner) => {
    const code = owner === null ? undefined : race.get(owner);
    return code ? RACE_COLOURS[code] : NOBODY;
  };
}

const KIND: Record<WorldKind, string> = {
  capital: 'Capital',
  subcapital: 'Sub-capital',
  empire: 'Empire World',
  free: 'Free World',
  neutral: 'Neutral World',
};

/** `BB, 2 CA, 7 MI`: units counted by type, in the book's order. */
export function unitsText(units: Unit[]): string {
  const by = new Map<string, number>();
  for (const u of units) by.set(u.type, (by.get(u.type) ?? 0) + 1);
  return UNIT_TYPES.filter((t) => by.has(t))
    .map((t) => (by.get(t) === 1 ? t : `${by.get(t)} ${t}`))
    .join(', ');
}

const countsText = (counts: Partial<Record<string, number>>) =>
  UNIT_TYPES.filter((t) => counts[t])
    .map((t) => (counts[t] === 1 ? t : `${counts[t]} ${t}`))
    .join(', ');

/** Whose a thing is, in a sentence: yours, an empire's, or nobody's. */
const whose = (board: GdBoard, owner: string | null) =>
  owner === null ? 'nobody’s' : owner === board.me ? 'yours' : owner;

const worldText = (board: GdBoard, p: PlanetView) =>
  `${p.name}, ${p.main ? 'main capital' : KIND[p.kind]}, ${whose(board, p.owner)}, R ${p.r ?? 'unknown'}`;

/** The path an own fleet planned: where it started the turn, then each step it was to take. */
function pathOf(board: GdBoard, f: FleetView): LocId[] {
  if (!f.plan) return [];
  const stops = f.plan.path.filter((x): x is LocId => x !== null);
  if (stops.length === 0) return [];
  // After a resolution the path is the one just flown: it began where the fleet's first move did.
  const first = board.log.moves.find((m) => m.owner === f.owner && m.fleet === f.id);
  return [first ? first.from : f.loc, ...stops];
}

const pathText = (path: LocId[]) => path.join(' → ');

function fleetText(board: GdBoard, f: FleetView): string {
  const path = pathOf(board, f);
  return [
    `${f.id} of ${whose(board, f.owner)}, speed ${f.speed}`,
    f.units ? unitsText(f.units) : 'units unseen',
    path.length > 0 ? `path ${pathText(path)}` : '',
  ]
    .filter((t) => t !== '')
    .join(', ');
}

const countersAt = (board: GdBoard, loc: LocId) => board.counters.filter((c) => c.loc === loc);

function locationText(board: GdBoard, l: LocationView, fleets: FleetView[]): string {
  return [
    `${l.id}${l.explored ? '' : ' unexplored'}`,
    l.planet ? worldText(board, l.planet) : '',
    fleets.length > 0 ? `fleets ${fleets.map((f) => `${f.id} of ${whose(board, f.owner)}`).join(', ')}` : '',
    ...countersAt(board, l.id).map((c) => `discovery counter: ${c.text}`),
  ]
    .filter((t) => t !== '')
    .join('; ');
}

/** Fleet markers a location shows at most; more are counted. */
const MARKS = { whole: 3, half: 1 };

function FleetMarks({
  fleets,
  halfHex,
  colour,
  me,
}: {
  fleets: FleetView[];
  halfHex: boolean;
  colour: (owner: string | null) => string;
  me: string | null;
}) {
  const shown = fleets.slice(0, halfHex ? MARKS.half : MARKS.whole);
  const w = 5.2;
  const gap = 0.6;
  const more = fleets.length - shown.length;
  const total = shown.length * w + (shown.length - 1) * gap + (more > 0 ? 3.4 : 0);
  const x0 = -total / 2;
  return (
    <g class="gd-fleets" transform={`translate(0,${S * 0.53})`}>
      {shown.map((f, i) => (
        <g
          key={`${f.owner}.${f.id}`}
          class={`gd-fleet${f.owner === me ? ' own' : ''}`}
          transform={`translate(${x0 + i * (w + gap)},0)`}
        >
          <rect x={0} y={-1.7} width={w} height={3.4} rx={0.9} fill={colour(f.owner)} />
          <text x={w / 2} y={1.05}>
            {f.id}
          </text>
        </g>
      ))}
      {more > 0 && (
        <text class="gd-more" x={x0 + shown.length * (w + gap) + 1.4} y={1.05}>
          +{more}
        </text>
      )}
    </g>
  );
}

/** A text squeezed into `room` map units when it would run wider (a world's name in a half hex). */
function Label({
  children,
  size,
  room,
  ...rest
}: {
  children: string;
  size: number;
  room: number;
  class: string;
  y: number;
}) {
  // About the average glyph width of the UI font, as a share of its size.
  const squeeze = children.length * size * 0.58 > room;
  return (
    <text {...rest} {...(squeeze ? { textLength: room, lengthAdjust: 'spacingAndGlyphs' } : {})}>
      {children}
    </text>
  );
}

function World({
  p,
  halfHex,
  colour,
  me,
}: {
  p: PlanetView;
  halfHex: boolean;
  colour: (owner: string | null) => string;
  me: string | null;
}) {
  const r = (p.kind === 'capital' ? 3.1 : 2.5) * (halfHex ? 0.9 : 1);
  const y = -S * 0.35;
  return (
    <g class={`gd-world${p.owner !== null && p.owner === me ? ' own' : ''}`}>
      {p.kind === 'capital' && <circle class="gd-capital-ring" cy={y} r={r + 1} />}
      <circle class="gd-world-disc" cy={y} r={r} fill={colour(p.owner)} />
      <text class="gd-r" y={y + 1.05}>
        {p.r ?? '?'}
      </text>
      {p.shipyards > 0 && <rect class="gd-sy" x={r * 0.75} y={y - r - 0.4} width={2} height={2} />}
      <Label
        class={`gd-name${halfHex ? ' half' : ''}`}
        y={S * 0.26}
        size={halfHex ? 1.9 : 2.5}
        room={halfHex ? 7.6 : 15}
      >
        {p.name}
      </Label>
    </g>
  );
}

/** A phone's width, where the whole board's hexes are too small to read. */
const NARROW = '(max-width: 600px)';

/** At least this much of the board around what is the viewer's, in hexes across and rows down. */
const FOCUS = { cols: 6, rows: 4 };

/** Around the points (the viewer's worlds, fleets and paths) with a hex to spare, at least FOCUS large. */
function focusOf(points: { x: number; y: number }[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = Math.max(x1 - x0 + 2 * S * SQRT3, FOCUS.cols * S * SQRT3);
  const h = Math.max(y1 - y0 + 4 * S, FOCUS.rows * 1.5 * S);
  return { x: (x0 + x1 - w) / 2, y: (y0 + y1 - h) / 2, w, h };
}

/**
 * Galactic Domination's board: the hexes (split hexes as their two halves a and b), worlds in their
 * owner's race colour with R in the disc, fleet markers, the viewer's planned paths as arrows and the
 * unexplored hexes dimmed; under it the table (players, the Stimulus card, the cards played, the
 * viewer's own hand).
 */
export function GdMap({
  view,
  selected,
  onSelect,
}: {
  view: GdView;
  selected: string | null;
  onSelect: (ref: string) => void;
}) {
  const board = gdBoard(view);
  const narrow = useMedia(NARROW);
  const colour = colours(board);
  const fleetsAt = new Map<LocId, FleetView[]>();
  for (const f of board.fleets) fleetsAt.set(f.loc, [...(fleetsAt.get(f.loc) ?? []), f]);
  const battles = new Set(board.log.battles.map((b) => b.loc));
  const byId = new Map(board.locations.map((l) => [l.id, l]));
  const pad = S * 0.6;
  const bounds: Box = {
    x: -S * SQRT3 * 0.5 - pad,
    y: -S - pad,
    w: S * SQRT3 * (board.width + 0.5) + 2 * pad,
    h: S * (1.5 * (board.height - 1) + 2) + 2 * pad,
  };
  // The map is as wide as its pane and only as tall as the board needs (a square at the most).
  const aspect = Math.max(1, bounds.w / bounds.h).toFixed(3);
  const paths = board.fleets
    .map((f) => ({
      f,
      points: pathOf(board, f).flatMap((id) => (byId.has(id) ? [centre(byId.get(id)!)] : [])),
    }))
    .filter(({ points }) => points.length > 1);
  // A player's phone opens on their part of the board; zooming out shows the rest.
  const own = [
    ...board.locations.filter((l) => l.planet?.owner === board.me).map(centre),
    ...board.fleets
      .filter((f) => f.owner === board.me && byId.has(f.loc))
      .map((f) => centre(byId.get(f.loc)!)),
    ...paths.filter(({ f }) => f.owner === board.me).flatMap(({ points }) => points),
  ];
  const start = narrow && board.me !== null && own.length > 0 ? focusOf(own) : bounds;
  return (
    <div class="gd-map" style={`--gd-aspect: ${aspect}`}>
      <PanZoom bounds={bounds} start={start} label="Hex board of Galactic Domination">
        <defs>
          <marker
            id="gd-arrow"
            viewBox="0 0 6 6"
            refX="5"
            refY="3"
            markerWidth="4"
            markerHeight="4"
            orient="auto"
          >
            <path d="M0,0 L6,3 L0,6 Z" />
          </marker>
        </defs>
        {board.locations.map((l) => {
          const c = centre(l);
          const here = fleetsAt.get(l.id) ?? [];
          const ref = l.id;
          const isSelected = selected === ref;
          const owner = l.planet?.owner ?? null;
          const own = owner !== null && owner === board.me;
          const interesting = l.planet !== null || here.length > 0;
          return (
            <g
              key={ref}
              class={`gd-loc${l.explored ? '' : ' unexplored'}${l.half ? ' half' : ''}${own ? ' own' : ''}${isSelected ? ' selected' : ''}`}
              transform={`translate(${c.x},${c.y})`}
              role="button"
              // Empty hexes are many: picked with the pointer, not tabbed through.
              tabIndex={interesting ? 0 : -1}
              aria-label={locationText(board, l, here)}
              aria-pressed={isSelected}
              data-loc={ref}
              onClick={() => onSelect(ref)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(ref))}
            >
              <polygon
                class="gd-hex"
                points={l.half ? HALVES[l.half] : HEX}
                style={owner !== null ? `--gd-owner: ${colour(owner)}` : undefined}
              />
              {battles.has(l.id) && <circle class="battle" r={S * (l.half ? 0.42 : 0.8)} />}
              {l.planet && <World p={l.planet} halfHex={l.half !== null} colour={colour} me={board.me} />}
              {l.sse && (
                <text class="gd-sse" x={l.half ? 0 : S * 0.5} y={-S * 0.55}>
                  SSE
                </text>
              )}
              {countersAt(board, l.id).some((c) => c.faceDown) && (
                <g class="gd-discovery" transform={`translate(${l.half ? 0 : -S * 0.45},${-S * 0.5})`}>
                  <rect x={-2} y={-2} width={4} height={4} rx={0.6} />
                  <text y={1.05}>?</text>
                </g>
              )}
              {here.length > 0 && (
                <FleetMarks fleets={here} halfHex={l.half !== null} colour={colour} me={board.me} />
              )}
              {!l.planet && !l.half && (
                <text class="gd-coord" y={here.length > 0 ? -S * 0.15 : S * 0.1}>
                  {ref}
                </text>
              )}
            </g>
          );
        })}
        <g aria-hidden="true">
          {paths.map(({ f, points }) => (
            <polyline
              key={`${f.owner}.${f.id}`}
              class="gd-path"
              marker-end="url(#gd-arrow)"
              points={points.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ')}
            />
          ))}
        </g>
      </PanZoom>
      <GdTable board={board} colour={colour} />
    </div>
  );
}

const cardText = (card: string) => card.replace(/_/g, ' ');

/** Players with their race colours, the Stimulus card, the cards played last turn and the viewer's hand. */
function GdTable({ board, colour }: { board: GdBoard; colour: (owner: string | null) => string }) {
  return (
    <div class="gd-table">
      <section aria-label="Empires">
        <h4>Empires</h4>
        <ul class="gd-players">
          {board.players.map((p) => (
            <li key={p.name}>
              <span class="swatch" style={{ background: colour(p.name) }} aria-hidden="true" />
              <strong>{p.name}</strong>
              {p.name === board.me ? ' (you)' : ''} <span class="muted">{RACES[p.race]?.title}</span>{' '}
              <span class="gd-vp">{p.vp} VP</span>
              {p.name === board.me && board.purse && <span class="gd-purse muted">{board.purse}</span>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Cards">
        <h4>Cards</h4>
        <p>
          Stimulus: <strong>{board.stimulus ? cardText(board.stimulus) : 'none'}</strong>
        </p>
        <p class="gd-played-title">
          {board.turn > 1 ? `Played in turn ${board.turn - 1}` : 'Played'}:{' '}
          {board.log.played.length === 0 && <span class="muted">none</span>}
        </p>
        {board.log.played.length > 0 && (
          <ul class="gd-played" aria-label="Cards played">
            {board.log.played.map((x, i) => (
              <li key={i}>
                <span class="gd-card">{cardText(x.card)}</span>{' '}
                <span class="muted">by {whose(board, x.player)}</span>
              </li>
            ))}
          </ul>
        )}
        {board.hand && (
          <>
            <p class="gd-played-title">
              Your hand{board.hand.length === 0 ? ': ' : ''}
              {board.hand.length === 0 && <span class="muted">empty</span>}
            </p>
            <ul class="gd-hand" aria-label="Your hand">
              {board.hand.map((card, i) => (
                <li key={i} class="gd-card" title={playHelp(card)}>
                  <code>{card}</code>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

/** What PLAY takes for a card: its parameters. */
function playHelp(card: string): string {
  const params = TACTICS_CARDS[card]?.params ?? [];
  return `PLAY ${card}${params.map((p) => ` ${p}=…`).join('')}`;
}

const battleText = (b: BattleView) =>
  `${b.kind[0].toUpperCase()}${b.kind.slice(1)} battle, segment ${b.segment}: ${b.sides
    .map(
      (side, i) =>
        `${side.players.length > 0 ? side.players.join(' and ') : 'NPC force'} lost $${side.losses}${b.winner === i ? ' (won)' : ''}`,
    )
    .join('; ')}`;

const encounterText = (e: EncounterView) => `${e.player}’s ${e.fleet}: ${e.result}`;

/** What the view tells of the location selected on the board. */
export function GdLocationDetails({ view, loc }: { view: GdView; loc: string }) {
  const board = gdBoard(view);
  const l = board.locations.find((x) => x.id === loc);
  if (!l) return null;
  const p = l.planet;
  const fleets = board.fleets.filter((f) => f.loc === loc);
  const battles = board.log.battles.filter((b) => b.loc === loc);
  const encounters = board.log.encounters.filter((e) => e.loc === loc);
  const facts: [string, string | number][] = p
    ? [
        ['R', p.r ?? 'unknown'],
        ['GBDS', p.gbds ?? 'unknown'],
        ['ODS', p.ods ?? 'none'],
        ['SY', p.shipyards],
        ...(p.mi !== null ? [['MI', p.mi] as [string, number]] : []),
        ...(p.homeguard !== null ? [['Homeguard MI', p.homeguard] as [string, number]] : []),
      ]
    : [];
  return (
    <div class="details gd-details">
      <h3>
        {p ? p.name : l.explored ? 'Empty space' : 'Unexplored'} <span class="muted">{l.id}</span>
      </h3>
      {!l.explored && <p class="muted">Not explored yet: a fleet entering it draws an encounter.</p>}
      {p && (
        <>
          <p>
            {p.main ? 'Main capital' : KIND[p.kind]}, owner <strong>{whose(board, p.owner)}</strong>
            {p.home && p.home !== p.owner ? ` (from the ${p.home} empire)` : ''}
            {p.blockaded ? ', blockaded' : ''}
          </p>
          <dl class="facts">
            {facts.map(([t, v]) => (
              <div key={t}>
                <dt>{t}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {p.natives && <p>Natives: {countsText(p.natives) || 'no ships'}</p>}
          {p.stance && (
            <p class="muted">
              Defends {p.stance.defenseMode === 'space' ? 'in space first' : 'in orbit'}
              {p.stance.scuttleSY ? ', scuttles its SY if it falls' : ''}
            </p>
          )}
        </>
      )}
      {l.sse && <p>Secret Shipyard Experiment of {whose(board, l.sse.owner)}</p>}
      {countersAt(board, l.id).map((c, i) => (
        <p key={`d${i}`}>Discovery counter: {c.text}</p>
      ))}
      {fleets.length > 0 && (
        <ul class="gd-fleet-list" aria-label="Fleets here">
          {fleets.map((f) => (
            <li key={`${f.owner}.${f.id}`}>{fleetText(board, f)}</li>
          ))}
        </ul>
      )}
      {battles.map((b, i) => (
        <p key={`b${i}`}>{battleText(b)}</p>
      ))}
      {encounters.map((e, i) => (
        <p key={`e${i}`}>{encounterText(e)}</p>
      ))}
    </div>
  );
}
