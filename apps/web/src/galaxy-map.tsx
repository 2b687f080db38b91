import type { GalaxyView } from '@warpgate/rulesets/galaxy';
import type { GroupView, MapPlanet, PlanetView } from '@warpgate/rulesets/galaxy/view';
import { colourOf, MINE, PanZoom } from './pan-zoom';

/** A planet as this viewer knows it: its place, and the details they may see. */
export interface GalaxyPlanet extends MapPlanet {
  details: PlanetView | null;
}

interface Flight {
  own: boolean;
  x: number;
  y: number;
  to: string;
}

export function galaxyMap(view: GalaxyView): {
  size: number;
  planets: GalaxyPlanet[];
  flights: Flight[];
  window: { x: number; y: number; size: number } | null;
  groupsAt: (planet: string) => GroupView[];
} {
  if (view.role === 'admin') {
    const race = (id: string | null) => view.races.find((r) => r.id === id)?.name ?? null;
    return {
      size: view.size,
      planets: view.planets.map((p) => ({
        name: p.name,
        x: p.x,
        y: p.y,
        kind: p.owner === null ? 'uninhabited' : 'alien',
        owner: race(p.owner),
        size: p.size,
        details: null,
      })),
      flights: [],
      window: null,
      groupsAt: () => [],
    };
  }
  if (view.role === 'spectator')
    return {
      size: view.size,
      planets: view.map.planets.map((p) => ({ ...p, details: null })),
      flights: [],
      window: null,
      groupsAt: () => [],
    };
  const details = new Map([...view.planets, ...view.alienPlanets].map((p) => [p.name, p]));
  const present = [...view.groups, ...view.alienGroups].filter((g) => g.left === 0);
  return {
    size: view.size,
    planets: view.map.planets.map((p) => ({ ...p, details: details.get(p.name) ?? null })),
    flights: view.map.groups,
    window: view.me.map,
    groupsAt: (planet) => present.filter((g) => g.planet === planet),
  };
}

const KIND_TEXT = { own: 'yours', alien: 'alien', uninhabited: 'uninhabited', unidentified: 'unidentified' };
export const planetText = (p: GalaxyPlanet) =>
  `Planet ${p.name}, ${p.kind === 'alien' && p.owner ? `of the ${p.owner}` : KIND_TEXT[p.kind]}${p.size === null ? '' : `, size ${p.size}`}`;

/** Galaxy's plane: planets by size and owner, groups in flight with their routes, your map window. */
export function GalaxyMap({
  view,
  selected,
  onSelect,
}: {
  view: GalaxyView;
  selected: string | null;
  onSelect: (planet: string) => void;
}) {
  const { size, planets, flights, window } = galaxyMap(view);
  const unit = size / 100;
  const at = new Map(planets.map((p) => [p.name, p]));
  const pad = unit * 3;
  return (
    <PanZoom bounds={{ x: -pad, y: -pad, w: size + 2 * pad, h: size + 2 * pad }} label="Map of the galaxy">
      <rect class="galaxy-edge" x={0} y={0} width={size} height={size} aria-hidden="true" />
      {window && (
        <rect
          class="map-window"
          x={window.x}
          y={window.y}
          width={window.size}
          height={window.size}
          stroke-width={unit * 0.2}
          aria-hidden="true"
        />
      )}
      {flights.map((f, i) => {
        const to = at.get(f.to);
        return (
          <g key={i} class={f.own ? 'flight own' : 'flight alien'} aria-hidden="true">
            {to && (
              <line
                x1={f.x}
                y1={f.y}
                x2={to.x}
                y2={to.y}
                stroke-width={unit * 0.25}
                stroke-dasharray={`${unit} ${unit * 0.6}`}
              />
            )}
            <circle cx={f.x} cy={f.y} r={unit * 0.9} />
          </g>
        );
      })}
      {planets.map((p) => {
        const r = p.size === null ? unit * 0.8 : unit * (0.6 + 1.6 * Math.sqrt(p.size / 1000));
        const fill =
          p.kind === 'own'
            ? MINE
            : p.kind === 'alien' && p.owner
              ? colourOf(p.owner)
              : p.kind === 'uninhabited'
                ? '#6b7280'
                : 'none';
        const isSelected = selected === p.name;
        return (
          <g
            key={p.name}
            class={`planet ${p.kind}${isSelected ? ' selected' : ''}`}
            role="button"
            tabIndex={p.kind === 'unidentified' ? -1 : 0}
            aria-label={planetText(p)}
            aria-pressed={isSelected}
            data-planet={p.name}
            onClick={() => onSelect(p.name)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(p.name))}
          >
            <circle cx={p.x} cy={p.y} r={r} fill={fill} stroke-width={unit * 0.15} />
            <text x={p.x} y={p.y + r + unit * 1.6} font-size={unit * 1.5}>
              {p.name}
            </text>
          </g>
        );
      })}
    </PanZoom>
  );
}

export function PlanetDetails({ view, planet }: { view: GalaxyView; planet: string }) {
  const map = galaxyMap(view);
  const p = map.planets.find((x) => x.name === planet);
  if (!p) return null;
  const d = p.details;
  const groups = map.groupsAt(p.name);
  return (
    <div class="details">
      <h3>
        {p.name}{' '}
        <span class="muted">
          ({p.x.toFixed(2)}, {p.y.toFixed(2)})
        </span>
      </h3>
      <p>{planetText(p)}</p>
      {d && (
        <dl class="facts">
          {(
            [
              ['Population', d.population],
              ['Industry', d.industry],
              ['Resources', d.resources],
              ['Capital', d.capital],
              ['Materials', d.materials],
              ['Colonists', d.colonists],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{Number.isInteger(v) ? v : v.toFixed(2)}</dd>
            </div>
          ))}
        </dl>
      )}
      {d && <p>Producing: {d.production}</p>}
      {groups.length > 0 && (
        <ul>
          {groups.map((g, i) => (
            <li key={i}>
              {g.number === null ? `${g.owner}: ` : `Group ${g.number}: `}
              {g.ships} × {g.type}
              {g.cargo !== '-' && ` carrying ${g.load} ${g.cargo}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
