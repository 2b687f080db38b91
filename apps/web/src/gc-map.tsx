import type { GcView } from '@warpgate/rulesets/galactic-conflict';
import type { WorldView } from '@warpgate/rulesets/galactic-conflict/view';
import { colourOf, MINE, PanZoom } from './pan-zoom';

const NEUTRAL = 'NEUTRAL';
const SIZE = 10;
const SQRT3 = Math.sqrt(3);
const centre = (q: number, r: number) => ({ x: SIZE * SQRT3 * (q + r / 2), y: SIZE * 1.5 * r });
const HEX = Array.from({ length: 6 }, (_, i) => {
  const a = (Math.PI / 180) * (60 * i - 30);
  return `${(SIZE * 0.96 * Math.cos(a)).toFixed(2)},${(SIZE * 0.96 * Math.sin(a)).toFixed(2)}`;
}).join(' ');

/** A world as this viewer knows it: every world's place, and the contents of those they have news of. */
export interface GcWorld {
  number: number;
  q: number;
  r: number;
  own: boolean;
  /** null: no news of it. */
  known: (Omit<WorldView, 'number' | 'q' | 'r'> & { owner: string }) | null;
}

export function gcWorlds(view: GcView): { radius: number; worlds: GcWorld[] } {
  if (view.role === 'full') {
    const { state } = view;
    const nameOf = (id: string | null) =>
      id === null ? NEUTRAL : (state.players.find((p) => p.id === id)?.name ?? id);
    return {
      radius: state.radius,
      worlds: state.worlds.map((w) => ({
        number: w.number,
        q: w.q,
        r: w.r,
        own: false,
        known: {
          owner: nameOf(w.owner),
          econ: w.econ,
          cp: w.cp,
          af: w.af,
          df: w.df,
          ft: w.ft,
          probes: w.probes,
          battle: null,
          probed: false,
          transferredFrom: null,
          orders: [],
          reusable: [],
        },
      })),
    };
  }
  const seen = new Map(view.role === 'player' ? view.worlds.map((w) => [w.number, w]) : []);
  return {
    radius: view.map.radius,
    worlds: view.map.worlds.map((w) => ({ ...w, known: seen.get(w.number) ?? null })),
  };
}

export const gcWorldText = (w: GcWorld) =>
  w.known
    ? `World ${w.number}, ${w.own ? 'yours' : `owner ${w.known.owner}`}, econ ${w.known.econ}, AF ${w.known.af}, DF ${w.known.df}`
    : `World ${w.number}, no news`;

/** Galactic Conflict's hex map: worlds by owner (yours in blue), battles ringed, probes marked. */
export function GcMap({
  view,
  selected,
  onSelect,
}: {
  view: GcView;
  selected: string | null;
  onSelect: (world: string) => void;
}) {
  const { radius, worlds } = gcWorlds(view);
  const extent = SIZE * SQRT3 * (radius + 1);
  const bounds = { x: -extent, y: -extent, w: 2 * extent, h: 2 * extent };
  const grid = [];
  for (let q = -radius; q <= radius; q++)
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) {
      const c = centre(q, r);
      grid.push(
        <polygon key={`${q},${r}`} class="hex-empty" points={HEX} transform={`translate(${c.x},${c.y})`} />,
      );
    }
  return (
    <PanZoom bounds={bounds} label="Hex map of the worlds">
      <g aria-hidden="true">{grid}</g>
      {worlds.map((w) => {
        const c = centre(w.q, w.r);
        const owner = w.known?.owner;
        const fill = w.own ? MINE : owner && owner !== NEUTRAL ? colourOf(owner) : owner ? '#4b5563' : 'none';
        const isSelected = selected === String(w.number);
        return (
          <g
            key={w.number}
            class={`world${w.known ? '' : ' unknown'}${isSelected ? ' selected' : ''}`}
            transform={`translate(${c.x},${c.y})`}
            role="button"
            tabIndex={w.known ? 0 : -1}
            aria-label={gcWorldText(w)}
            aria-pressed={isSelected}
            data-world={w.number}
            onClick={() => onSelect(String(w.number))}
            onKeyDown={(e) =>
              (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(String(w.number)))
            }
          >
            <polygon points={HEX} fill={fill} fill-opacity={w.known ? 0.55 : 0} />
            {w.known?.battle && <circle r={SIZE * 0.8} class="battle" />}
            <text class="world-number" y={w.own ? -1 : 3}>
              {w.number}
            </text>
            {w.own && w.known && (
              <text class="world-forces" y={6}>
                {w.known.af}A {w.known.df}D
              </text>
            )}
            {w.known?.probed && <circle class="probe" cx={SIZE * 0.55} cy={-SIZE * 0.55} r={1.6} />}
          </g>
        );
      })}
    </PanZoom>
  );
}

/** What this viewer knows of one world. */
export function GcWorldDetails({ view, world }: { view: GcView; world: string }) {
  const w = gcWorlds(view).worlds.find((x) => String(x.number) === world);
  if (!w) return null;
  const k = w.known;
  return (
    <div class="details">
      <h3>
        World {w.number}{' '}
        <span class="muted">
          ({w.q},{w.r})
        </span>
      </h3>
      {!k ? (
        <p class="muted">No news of this world this turn.</p>
      ) : (
        <>
          <p>
            Owner: <strong>{w.own ? 'you' : k.owner}</strong>
          </p>
          <dl class="facts">
            {(['econ', 'cp', 'af', 'df', 'ft', 'probes'] as const).map((f) => (
              <div key={f}>
                <dt>{f === 'econ' ? 'Econ' : f === 'probes' ? 'Probes' : f.toUpperCase()}</dt>
                <dd>{k[f]}</dd>
              </div>
            ))}
          </dl>
          {k.battle && (
            <p>
              Battle: {k.battle.attackers.map((a) => `${a.name} (${a.af} AF)`).join(', ')} against{' '}
              {k.battle.defender}:{' '}
              {k.battle.outcome === 'conquered' ? `conquered by ${k.battle.conqueror}` : k.battle.outcome}
            </p>
          )}
          {k.probed && <p>Probed this turn.</p>}
          {k.transferredFrom && <p>Transferred from {k.transferredFrom}.</p>}
          {k.orders.length > 0 && (
            <p>
              Orders carried out: <code>{k.orders.map((o) => o.order).join('  ')}</code>
            </p>
          )}
        </>
      )}
    </div>
  );
}
