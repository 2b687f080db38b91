import { formatOrder, type SfOrder } from './orders';
import type { EmpireId, Empire, SfState, Turn } from './state';
import { relationOf } from './weeks-events';

/**
 * Diplomacy (digest §4.4, §8.4, §5 step 0): proposals, acceptances and renunciations. A pair of
 * empires has no relation until one first sees the other (ContactMade: war); a treaty is proposed in
 * one month and accepted in a later one, taking effect at the start of the month it is accepted in.
 */

export type DiplomacyOrder =
  Extract<SfOrder, { type: 'propose' | 'accept' }> | { type: 'renounce'; empire: string; line?: number };
type Refusal = { code: string; text: string };

const isDiplomacy = (o: SfOrder): o is SfOrder & DiplomacyOrder =>
  o.type === 'propose' || o.type === 'accept' || o.type === 'renounce';

/** The empire an order names, by its name (any case) or its id. */
export const empireNamed = (s: SfState, name: string): Empire | undefined =>
  s.empires.find((e) => e.id === name || e.name.toUpperCase() === name.toUpperCase());

/** Why `empire` cannot give this order now, or null. */
function refusal(s: SfState, empire: EmpireId, o: DiplomacyOrder): Refusal | null {
  const other = empireNamed(s, o.empire);
  if (!other || other.eliminated !== null) return { code: 'NO_EMPIRE', text: `no empire ${o.empire}` };
  if (other.id === empire) return { code: 'NO_EMPIRE', text: 'diplomacy is with other empires' };
  // §10 #48 Decision: NPRs are static in v1, without diplomacy.
  if (other.kind === 'npr') return { code: 'NPR', text: `${other.name} is a non-player race: no diplomacy` };
  const relation = relationOf(s, empire, other.id);
  switch (o.type) {
    case 'propose': {
      const own = s.empires.find((e) => e.id === empire);
      if (!own?.contacts.includes(other.id))
        return { code: 'NO_CONTACT', text: `no contact with ${other.name} yet` };
      return relation?.state === o.treaty
        ? { code: 'ALREADY', text: `already in ${o.treaty} with ${other.name}` }
        : null;
    }
    case 'accept': {
      // §8.3: proposed in one month, accepted in a later one.
      const standing = s.proposals.some(
        (p) => p.from === other.id && p.to === empire && p.state === o.treaty && p.month < s.month,
      );
      return standing && relation
        ? null
        : { code: 'NO_PROPOSAL', text: `${other.name} has not proposed ${o.treaty}` };
    }
    case 'renounce':
      return relation && relation.state !== 'war'
        ? null
        : { code: 'NO_TREATY', text: `no treaty with ${other.name} to renounce` };
  }
}

/**
 * §5 step 0 (diplomacy; first of the month, before revenue). Every empire's acceptances, then
 * renunciations, then proposals, each kind by empire in state order and written order. Decision:
 * a renunciation thus undoes an acceptance of the same month, and a proposal made now can be
 * accepted from next month on. Each line's outcome is reported (OrderResolved, no week).
 */
export function beginMonth(t: Turn, orders: Record<EmpireId, SfOrder[]>): void {
  for (const kind of ['accept', 'renounce', 'propose'] as const)
    for (const empire of t.state.empires) {
      const own = Object.hasOwn(orders, empire.id) ? orders[empire.id] : [];
      for (const o of own) {
        if (!isDiplomacy(o) || o.type !== kind) continue;
        const refused = refusal(t.state, empire.id, o);
        const echo = { empire: empire.id, line: o.line ?? null, week: null, order: formatOrder(o) };
        if (refused) {
          t.emit('OrderResolved', { ...echo, outcome: 'rejected', ...refused });
          continue;
        }
        const other = (empireNamed(t.state, o.empire) as Empire).id;
        if (o.type === 'accept') t.emit('TreatyAccepted', { empire: empire.id, other, treaty: o.treaty });
        else if (o.type === 'renounce') t.emit('TreatyRenounced', { empire: empire.id, other });
        else t.emit('ProposalMade', { from: empire.id, to: other, treaty: o.treaty });
        t.emit('OrderResolved', { ...echo, outcome: 'done', code: null, text: '' });
      }
    }
}
