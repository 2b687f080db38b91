import type { GcView } from '@warpgate/rulesets/galactic-conflict';
import type { GalaxyView } from '@warpgate/rulesets/galaxy';
import type { GtView } from '@warpgate/rulesets/galac-tac';
import type { GdView } from '@warpgate/rulesets/galactic-domination';
import type { SfView } from '@warpgate/rulesets/space-farce';
import { GalaxyMap, PlanetDetails } from './galaxy-map';
import { GdLocationDetails, GdMap } from './gd-map';
import { GcMap, GcWorldDetails } from './gc-map';
import { GtMap, GtSquareDetails } from './gt-map';
import { SfMap, SfSystemDetails } from './sf-map';

export type AnyView = GcView | GalaxyView | GtView | SfView | GdView;

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
  if (ruleset === 'space-farce')
    return (
      <>
        <SfMap view={view as SfView} selected={selected} onSelect={onSelect} />
        {selected && <SfSystemDetails view={view as SfView} system={selected} />}
      </>
    );
  if (ruleset === 'galactic-domination')
    return (
      <>
        <GdMap view={view as GdView} selected={selected} onSelect={onSelect} />
        {selected && <GdLocationDetails view={view as GdView} loc={selected} />}
      </>
    );
  return <p class="muted">No map for this ruleset yet.</p>;
}
