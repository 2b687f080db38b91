import type { Ruleset } from '@warpgate/engine';
import { galacTac } from './galac-tac';
import { galacticConflict } from './galactic-conflict';
import { galacticDomination } from './galactic-domination';
import { galaxy } from './galaxy';
import { spaceFarce } from './space-farce';

/**
 * Every ruleset the platform can host, by id. Ids come from clients: the record has no prototype
 * (so `__proto__` or `toString` are no rulesets) and `findRuleset` reads own properties only.
 */
export const rulesets: Readonly<Record<string, Ruleset>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Ruleset>, {
    [galacticConflict.id]: galacticConflict,
    [galaxy.id]: galaxy,
    [galacTac.id]: galacTac,
    [spaceFarce.id]: spaceFarce,
    [galacticDomination.id]: galacticDomination,
  }),
);

export const findRuleset = (id: string): Ruleset | undefined =>
  Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;

export function getRuleset(id: string): Ruleset {
  const ruleset = findRuleset(id);
  if (!ruleset) throw new Error(`Unknown ruleset "${id}"`);
  return ruleset;
}
