import { createRng, type OrderArgSpec, type Rng, type Ruleset } from '@warpgate/engine';
import { galacTac } from './galac-tac';
import { galacticConflict } from './galactic-conflict';
import { galacticDomination } from './galactic-domination';
import { galaxy } from './galaxy';
import { spaceFarce } from './space-farce';

/**
 * The contract's formatOrder, as the web client's order forms use it: any order a form can make
 * (random fields of the ruleset's order types, as JSON) is written as rulebook text that
 * parseOrders reads back as the same order.
 */

const NAMES = ['ORION', 'VEGA', 'Zzyaxians', 'Two Words', 'A_B', 'x7'];
/** What a text field holds, by ruleset (by default a name). */
const STRINGS: Record<string, (arg: OrderArgSpec) => string[]> = {
  // Galac-Tac's text fields are locations, design codes and ratings too; a blank one is left out.
  'galac-tac': (arg) => {
    const blank = arg.help?.includes('optional') ? [''] : [];
    if (/^Loc/.test(arg.name)) return ['34-11', '5-7', '99-0', ...blank];
    if (/Code/.test(arg.name)) return ['SC1', 'x7', 'ABCD'];
    if (/Rating/.test(arg.name)) return ['2P+1T5//16-16', '/;;10/20-1', '14D + 30P + 5T30//'];
    if (/^What/.test(arg.name)) return ['EMPIRE', '12-34', '1805'];
    return [...NAMES, ...blank];
  },
  // Space Farce's text fields are areas, yards, task forces, ships, designs and lists; a blank
  // optional one is left out.
  'space-farce': (arg) => {
    const blank = arg.optional ? [''] : [];
    const values: Record<string, string[]> = {
      area: ['2 2H', '20 WP05', '5 1Ast', '3 SURVEY'],
      builder: ['2 2H', 'BS1', 'BS1.Sy2'],
      guard: ['2 2H', 'BS1'],
      tf: ['TF1', 'NEW2', 'DEFAULT'],
      ship: ['DD1', 'BS3'],
      charge: ['CC1', 'NONE'],
      hold: ['CV1', 'GB'],
      cls: ['DD', 'CC', 'BS'],
      design: ['SOE', 'SAO/\\EE', '*CE', 'SACCCSySySySySySyE', 'AAA/\\/\\/\\CDD'],
      of: ['SOE', 'DEFAULT'],
      order: ['bases,warships,transports,pcf', 'pcf,bases'],
      queue: ['GEN1,ECON1', 'BEAM2', ...blank],
      ships: ['DD1 DD2', 'CC1'],
      by: ['DD1 DD2', 'none'],
      priority: ['A,S,C,E', 'O'],
      route: ['2 2R -> 2 WP03 -> 3 WP02', '-> 3 1H'],
      target: ['largest', 'class:CV,largest', ...blank],
      when: ['CONTACT TF1', 'WEEK 3', 'LOSSES TF1 >= 50%'],
      then: ['TF1: HOLD', 'TF2: -> 2 2H', 'TF1: SURVEY 3'],
    };
    const alias: Record<string, string> = {
      at: 'area',
      source: 'area',
      retreatTo: 'area',
      base: 'ship',
      escort: 'ship',
      newTf: 'tf',
      intoTf: 'tf',
    };
    return [...(values[alias[arg.name] ?? arg.name] ?? NAMES), ...(values[arg.name] ? [] : blank)];
  },
  // Galactic Domination's text fields are hexes, fleets, units, builds and card parameters.
  'galactic-domination': (arg) => {
    const blank = arg.optional ? [''] : [];
    const values: Record<string, string[]> = {
      fleets: ['F1: BB, 2 CA, DD, TT, 5 MI', 'F1: CV, 6 Ftr, 2 FF, TT, 4 MI; F2: 2 FF'],
      cards: ['GALACTIC_SPIRIT SUPERWEAPON'],
      give: ['chit:BoB', '$5', 'utc:SUPERWEAPON'],
      get: ['chit:RR', '$10', ...blank],
      offer: ['O1', 'O12'],
      build: ['B1', 'B16'],
      at: ['0,2', '6,3/a', '-1,4'],
      planet: ['0,2', '6,3/b'],
      fleet: ['F1', 'F12'],
      from: ['F1'],
      into: ['F2'],
      units: ['BB1', 'MI*2', 'BB1, CA2'],
      path: ['0,3 0,4', '- 1,4', '8,4 7,5'],
      unit: ['BB2', 'CA3'],
      params: ['player=ORION', 'fleet=F1', ...blank],
      when: ['encounter:PIRATE_FLEET', ...blank],
    };
    return [...(values[arg.name] ?? NAMES), ...(values[arg.name] ? [] : blank)];
  },
};

function value(arg: OrderArgSpec, rng: Rng, strings: (arg: OrderArgSpec) => string[]): unknown {
  switch (arg.type) {
    case 'int':
      return rng.int(arg.min ?? 0, Math.min(arg.max ?? 5000, 5000));
    case 'world':
      return rng.int(arg.min ?? 1, 400);
    case 'enum':
      // An enum without values is a yes or no (Galaxy's option on/off).
      return arg.values ? rng.pick(arg.values) : rng.pick([true, false]);
    default:
      return rng.pick(strings(arg));
  }
}

/** Galaxy reads orders between its `#GALAXY game race` and `#END` lines only. */
const FRAMES: Record<string, { head: string[]; tail: string[] }> = {
  galaxy: { head: ['#GALAXY Game Race'], tail: ['#END'] },
};

const withoutPlace = (orders: unknown[]) =>
  orders.map((o) => {
    const { line: _line, source: _source, ...rest } = o as Record<string, unknown>;
    return rest;
  });

describe.each<Ruleset>([
  galacticConflict as Ruleset,
  galaxy as Ruleset,
  galacTac as Ruleset,
  spaceFarce as Ruleset,
  galacticDomination as Ruleset,
])('formatOrder of $id', (ruleset) => {
  it('writes every order the JSON form accepts so that parseOrders reads it back', () => {
    const rng = createRng(`format-${ruleset.id}`, 1);
    const frame = FRAMES[ruleset.id] ?? { head: [], tail: [] };
    const strings = STRINGS[ruleset.id] ?? (() => NAMES);
    const tried = new Set<string>();
    for (let i = 0; i < 200; i++)
      for (const spec of ruleset.orderTypes) {
        const json = {
          type: spec.name,
          ...Object.fromEntries(spec.args.map((a) => [a.name, value(a, rng, strings)])),
        };
        const parsed = ruleset.parseOrders(JSON.stringify([json]));
        // Fields a form cannot fill this way (Galaxy's list of message recipients) are refused here.
        if (parsed.diagnostics.length > 0) continue;
        tried.add(spec.name);
        const text = [...frame.head, ruleset.formatOrder(parsed.orders[0]), ...frame.tail].join('\n');
        const back = ruleset.parseOrders(text);
        expect(back.diagnostics).toEqual([]);
        expect(withoutPlace(back.orders.slice(frame.head.length))).toEqual(withoutPlace(parsed.orders));
      }
    // Every order type but those with a list field was tried.
    expect(ruleset.orderTypes.length - tried.size).toBeLessThanOrEqual(1);
  });
});
