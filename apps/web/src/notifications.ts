import { live, type Push } from './live';
import { turnWords, type TurnWords } from './rulesets';
import { Store } from './store';

/** News for the person: what arrives live about their games, with whether they have seen it. */
export interface Note {
  id: string;
  gameId: string;
  kind: 'report' | 'combat' | 'contact' | 'message' | 'reminder' | 'ended' | 'dispute';
  text: string;
  read: boolean;
}

/**
 * Games by id, as the lobby and game screens learn them: notes name their game, and its turns by the
 * book's word.
 */
export const knownGames = new Map<string, { name: string; words: TurnWords }>();

function noteOf({ name, payload }: Push): Omit<Note, 'read'> | null {
  const base = { id: payload.id, gameId: payload.gameId };
  const { turn, Turn } = knownGames.get(payload.gameId)?.words ?? turnWords(undefined);
  switch (name) {
    case 'report.ready':
      return { ...base, kind: 'report', text: `${Turn} ${payload.turn} resolved: your report is ready` };
    case 'combat.report':
      return { ...base, kind: 'combat', text: payload.text };
    case 'contact':
      return { ...base, kind: 'contact', text: payload.text };
    case 'message':
      return { ...base, kind: 'message', text: `Message from ${payload.message.fromEmpire ?? 'a player'}` };
    case 'turn.reminder':
      return { ...base, kind: 'reminder', text: `Orders for ${turn} ${payload.turn} are due soon` };
    case 'dispute.ruled':
      return {
        ...base,
        kind: 'dispute',
        text: `Your dispute of ${turn} ${payload.turn} was ${payload.upheld ? 'upheld' : 'rejected'}`,
      };
    case 'game.ended':
      return { ...base, kind: 'ended', text: 'The game is over' };
    default:
      return null;
  }
}

export const notes = new Store<Note[]>([]);

live.onPush((push) => {
  const note = push.history ? null : noteOf(push);
  if (note) notes.set([{ ...note, read: false }, ...notes.value].slice(0, 100));
});

export const markRead = (gameId?: string, kind?: Note['kind']) =>
  notes.set(
    notes.value.map((n) =>
      (gameId === undefined || n.gameId === gameId) && (kind === undefined || n.kind === kind)
        ? { ...n, read: true }
        : n,
    ),
  );
