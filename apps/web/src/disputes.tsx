import type { Dispute } from '@warpgate/engine';
import { useState } from 'preact/hooks';
import { api } from './api';
import type { TurnWords } from './rulesets';
import type { Summary } from './types';
import { Alert, useAction, useOnChange, useResource } from './ui';

/** Your disputes of this game's resolved turns, with their rulings, and a new one (a player's side of the audit). */
export function DisputesPanel({
  game,
  words,
  version,
}: {
  game: Summary;
  words: TurnWords;
  version: number;
}) {
  const gameId = game.id;
  const mine = useResource(() => api<Dispute[]>('GET', `/games/${gameId}/disputes`), [gameId]);
  useOnChange(version, () => void mine.reload());
  // The latest resolved turn: the one before the open turn, or the last once the game has ended.
  const resolved = game.status === 'ended' ? game.turn : Math.max(0, game.turn - 1);
  // The turn typed, else the latest resolved (which moves on as turns resolve).
  const [typed, setTyped] = useState<number | null>(null);
  const disputed = typed ?? resolved;
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();
  return (
    <section class="panel" aria-labelledby="disputes-title">
      <h3 id="disputes-title">Disputes</h3>
      {mine.data && mine.data.length > 0 && (
        <ul>
          {mine.data.map((d) => (
            <li key={d.disputeId}>
              {words.Turn} {d.turn}: {d.text} —{' '}
              {d.ruling ? (
                <strong>
                  {d.ruling.upheld ? 'upheld' : 'rejected'}: {d.ruling.note}
                </strong>
              ) : (
                <span class="muted">awaiting a ruling</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Alert>{mine.error}</Alert>
      {resolved > 0 && (
        <details>
          <summary>Dispute a {words.turn}</summary>
          <form
            class="form"
            aria-label={`Dispute a ${words.turn}`}
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                await api('POST', `/games/${gameId}/turns/${disputed}/disputes`, { text });
                setText('');
                setTyped(null);
                await mine.reload();
              });
            }}
          >
            <label>
              {words.Turn}
              <input
                type="number"
                min={1}
                max={resolved}
                required
                value={disputed}
                onInput={(e) => setTyped(Number(e.currentTarget.value))}
              />
            </label>
            <label>
              What went wrong
              <textarea required rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} />
            </label>
            <button type="submit" disabled={busy}>
              Send to the admins
            </button>
          </form>
        </details>
      )}
      <Alert>{error}</Alert>
    </section>
  );
}
