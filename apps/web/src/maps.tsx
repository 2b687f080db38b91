import type { GcView } from '@warpgate/rulesets/galactic-conflict';
import type { GalaxyView } from '@warpgate/rulesets/galaxy';
import type { GtView } from '@warpgate/rulesets/galac-tac';
import { GalaxyMap, PlanetDetails } from './galaxy-map';
import { GcMap, GcWorldDetails } from './gc-map';
import { GtMap, GtSquareDetails } from './gt-map';

export type AnyView = GcView | GalaxyView | GtView;

/** The ruleset's map of a view, and what the view tells of the world or planet selected on it. */
export function GameMap({
  ruleset,
  view,
  selected,
  onSelect,
}: {
  ruleset: string;
  view: AnyView;
  selected: string | null;
  onSelect: (ref: string) => void;
}) {
  if (ruleset === 'galactic-conflict')
    return (
      <>
        <GcMap view={view as GcView} selected={selected} onSelect={onSelect} />
        {selected && <GcWorldDetails view={view as GcView} world={selected} />}
      </>
    );
  if (ruleset === 'galaxy')
    return (
      <>
        <GalaxyMap view={view as GalaxyView} selected={selected} onSelect={onSelect} />
        {selected && <PlanetDetails view={view as GalaxyView} planet={selected} />}
      </>
    );
  if (ruleset === 'galac-tac')
    return (
      <>
        <GtMap view={view as GtView} selected={selected} onSelect={onSelect} />
        {selected && <GtSquareDetails view={view as GtView} loc={selected} />}
      </>
    );
  return <p class="muted">No map for this ruleset yet.</p>;
}
