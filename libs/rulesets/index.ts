import type { Ruleset } from '@warpgate/engine';
import { galacticConflict } from './galactic-conflict';
import { galaxy } from './galaxy';

/** Every ruleset the platform can host, by id. */
export const rulesets: Record<string, Ruleset> = {
  [galacticConflict.id]: galacticConflict,
  [galaxy.id]: galaxy,
};

export function getRuleset(id: string): Ruleset {
  const ruleset = rulesets[id];
  if (!ruleset) throw new Error(`Unknown ruleset "${id}"`);
  return ruleset;
}
