import { evolveGame, type Game, type NewEvent, type Recorded, type Ruleset } from '@warpgate/engine';

/**
 * A game's record kept in memory as the store would keep it (ids, revisions, times), folded as it
 * grows: for specs that decide, verify or replay without a store.
 */
export function recorder(ruleset: Ruleset, now: Date) {
  const record: Recorded[] = [];
  let game: Game | undefined;
  /** Appends a decision's events; the game after them. */
  const append = (events: NewEvent[] | { events: NewEvent[] }) => {
    for (const e of Array.isArray(events) ? events : events.events) {
      const stored = { id: `e${record.length}`, ...e, revision: record.length, time: now };
      record.push(stored);
      game = evolveGame(ruleset, game, stored);
    }
    return game!;
  };
  return { record, append, game: () => game! };
}
