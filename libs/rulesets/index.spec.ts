import { findRuleset, getRuleset, rulesets } from './index';

/** The registry is looked up by client input (`POST /games {ruleset}`): Object's own names are no rulesets. */

describe('rulesets by id', () => {
  it('finds the hosted rulesets and lists them', () => {
    expect(findRuleset('galaxy')?.id).toBe('galaxy');
    expect(getRuleset('galactic-conflict').id).toBe('galactic-conflict');
    expect(Object.keys(rulesets).sort()).toEqual([
      'galac-tac',
      'galactic-conflict',
      'galactic-domination',
      'galaxy',
      'space-farce',
    ]);
    expect(Object.values(rulesets).map((r) => r.id)).toEqual(Object.keys(rulesets));
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 'GALAXY'])(
    '"%s" is an unknown ruleset',
    (id) => {
      expect(findRuleset(id)).toBeUndefined();
      expect(rulesets[id]).toBeUndefined();
      expect(() => getRuleset(id)).toThrow(`Unknown ruleset "${id}"`);
    },
  );
});
