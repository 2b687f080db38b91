import { createRng, type OrderArgSpec, type Rng, type Ruleset } from '@warpgate/engine';
import { galacTac } from './galac-tac';
import { galacticConflict } from './galactic-conflict';
import { galaxy } from './galaxy';

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

describe.each<Ruleset>([galacticConflict as Ruleset, galaxy as Ruleset, galacTac as Ruleset])(
  'formatOrder of $id',
  (ruleset) => {
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
  },
);
