import type { GcView } from '@warpgate/rulesets/galactic-conflict';
import type { GalaxyView } from '@warpgate/rulesets/galaxy';
import { GalaxyMap, PlanetDetails } from './galaxy-map';
import { GcMap, GcWorldDetails } from './gc-map';

export type AnyView = GcView | GalaxyView;

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
  return <p class="muted">No map for this ruleset yet.</p>;
}
