import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api';
import type { GameSummary } from '@warpgate/engine';
import type { TurnWords } from './rulesets';
import type { Message } from './types';
import { Alert, useAction } from './ui';

/** Diplomacy: the messages to and from you, oldest first, and a form to write to some or all. */
export function MessagesPanel({
  game,
  words,
  messages,
  myId,
}: {
  game: GameSummary;
  words: TurnWords;
  messages: Message[];
  myId: string;
}) {
  const [to, setTo] = useState<string[]>([]);
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();
  const end = useRef<HTMLDivElement>(null);
  const empire = (id: string) => game.players.find((p) => p.id === id)?.empire ?? 'a former player';
  const others = game.players.filter((p) => p.id !== myId);
  useEffect(() => end.current?.scrollIntoView({ block: 'nearest' }), [messages.length]);

  const send = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await api('POST', `/games/${game.id}/messages`, { to: to.length === 0 ? 'all' : to, text });
      setText('');
    });
  };

  return (
    <div class="messages">
      <ol class="message-list" aria-label="Messages">
        {messages.length === 0 && <li class="muted">No messages yet.</li>}
        {messages.map((m) => (
          <li key={m.messageId} class={m.from === myId ? 'message mine' : 'message'}>
            <p class="meta">
              <strong>{m.from === myId ? 'You' : empire(m.from)}</strong> to{' '}
              {m.to === 'all' ? 'everyone' : m.to.map((id) => (id === myId ? 'you' : empire(id))).join(', ')}{' '}
              <span class="muted">
                · {words.turn} {m.turn}
              </span>
            </p>
            <p class="pre">{m.text}</p>
          </li>
        ))}
      </ol>
      <div ref={end} />
      <form onSubmit={send} class="compose">
        <fieldset>
          <legend>To (none ticked: everyone)</legend>
          {others.map((p) => (
            <label key={p.id} class="check inline">
              <input
                type="checkbox"
                checked={to.includes(p.id)}
                onChange={(e) =>
                  setTo(e.currentTarget.checked ? [...to, p.id] : to.filter((x) => x !== p.id))
                }
              />
              {p.empire}
            </label>
          ))}
        </fieldset>
        <label>
          Message
          <textarea
            name="message"
            rows={3}
            required
            maxLength={10000}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </label>
        <Alert>{error}</Alert>
        <button type="submit" disabled={busy || !text.trim()}>
          Send
        </button>
      </form>
    </div>
  );
}
