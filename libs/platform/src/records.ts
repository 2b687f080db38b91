import type { GameEventMap } from '@warpgate/contracts';
import {
  asDifference,
  foldGame,
  GameRuleError,
  recordedTime,
  verifyGame,
  type GameVerification,
  type Recorded,
} from '@warpgate/engine';
import type { EventData, RecordedEvent } from '@warpgate/event-store';
import { findRuleset } from '@warpgate/rulesets';

/**
 * A game's whole record as JSON lines, one event a line, oldest first: what an export gives and an
 * import takes (another Warpgate's, or this one's). Each keeps its id, metadata and the time it was
 * first recorded; an imported event keeps that time in its metadata (`recorded`, see recordedTime),
 * since a store stamps what it appends with its own.
 */
export interface RecordLine {
  id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  time: string;
}

export function recordLine(event: RecordedEvent): RecordLine {
  const { recorded: _, ...metadata } = event.metadata;
  const { id, revision, type, data } = event;
  return { id, revision, type, data, metadata, time: recordedTime(event).toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The record of JSON lines (blank lines skipped), read a line at a time, as its events will be
 * stored; refuses (400) a malformed line.
 */
export async function parseRecord(lines: AsyncIterable<string> | Iterable<string>): Promise<Recorded[]> {
  const ids = new Set<string>();
  const events: Recorded[] = [];
  for await (const line of lines) if (line.trim() !== '') events.push(parseLine(line, events.length, ids));
  return events;
}

/** One event of the record; `ids`: those of the events before it. */
function parseLine(line: string, revision: number, ids: Set<string>): Recorded {
  const refuse = (why: string) => new GameRuleError('invalid', `Line ${revision + 1} of the record: ${why}`);
  let parsed: Partial<RecordLine>;
  try {
    parsed = JSON.parse(line) as Partial<RecordLine>;
  } catch {
    throw refuse('not JSON');
  }
  if (!isObject(parsed)) throw refuse('not an event');
  const { id, type, data, metadata, time } = parsed;
  if (typeof id !== 'string' || !UUID.test(id)) throw refuse('no event id (a UUID)');
  if (ids.has(id)) throw refuse(`event id ${id} twice`);
  ids.add(id);
  if (parsed.revision !== revision) throw refuse(`revision ${parsed.revision}, not ${revision}`);
  if (typeof type !== 'string' || type === '') throw refuse('no type');
  if (!isObject(metadata)) throw refuse('no metadata');
  if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) throw refuse('no time');
  return { id, revision, type, data, metadata: { ...metadata, recorded: time }, time: new Date(time) };
}

/**
 * The game the record is of, by its first event; refuses (400) a record that does not start one, of
 * an id as Warpgate writes them (a UUID in lower case: the game's stream and its id are the same).
 */
export function recordedGameId(events: Recorded[]): string {
  const created = events[0]?.type === 'GameCreated' && (events[0].data as GameEventMap['GameCreated']);
  if (!created || typeof created.gameId !== 'string' || !UUID.test(created.gameId))
    throw new GameRuleError('invalid', 'A game record starts with its GameCreated');
  if (created.gameId !== created.gameId.toLowerCase())
    throw new GameRuleError('invalid', `A game id is in lower case, not ${created.gameId}`);
  return created.gameId;
}

/** Whether the game of a record (verified: see verifyRecord) has ended. */
export function hasEnded(events: Recorded[]): boolean {
  const ruleset = findRuleset((events[0].data as GameEventMap['GameCreated']).ruleset)!;
  return foldGame(ruleset, events)?.status === 'ended';
}

/** Every resolution of the record re-run and compared (see verifyGame), with the ruleset its first event names. */
export function verifyRecord(events: Recorded[]): GameVerification {
  const ruleset = findRuleset(String((events[0]?.data as Partial<GameEventMap['GameCreated']>)?.ruleset));
  if (ruleset) return verifyGame(ruleset, events);
  return {
    verified: false,
    resolutions: 0,
    turns: 0,
    firstDifference: {
      turn: null,
      stored: asDifference(events[0]),
      recomputed: null,
      error: 'The record does not start with a game of a ruleset of this Warpgate',
    },
  };
}

/** The record's events as they are appended: ids and metadata (with the time recorded) kept. */
export const toAppend = (events: Recorded[]): EventData[] =>
  events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata: { ...metadata } }));
