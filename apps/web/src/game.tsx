import type { GameSummary } from '@warpgate/engine';
import type { GtView, PlayerView } from '@warpgate/rulesets/galac-tac';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api';
import { live, type Push } from './live';
import { GameMap, type AnyView } from './maps';
import { DisputesPanel } from './disputes';
import { GtDesign } from './gt-design';
import { MessagesPanel } from './messages';
import { knownGames, markRead, notes } from './notifications';
import { OrdersPanel, type PickTarget } from './orders';
import { ReportPanel } from './report';
import { auditPath, follow, PAGES, replayPath } from './router';
import { rulesets, turnWords } from './rulesets';
import { session } from './session';
import { useStore } from './store';
import {
  isInsider,
  type Message,
  type MyOrders,
  type ReportEntry,
  type RulesetInfo,
  type Summary,
  type ViewAnswer,
} from './types';
import {
  Alert,
  Countdown,
  humanize,
  Loading,
  useAction,
  PlayerList,
  StatusBadge,
  useDebounced,
  useMedia,
  useResource,
} from './ui';

type Tab = 'map' | 'orders' | 'report' | 'messages';

/** What a ruleset's map is made of, where it is not worlds. */
const PLACE: Record<string, string> = {
  'galac-tac': 'square',
  'space-farce': 'system',
  'galactic-domination': 'location',
};

/** Reacts to this game's pushes (live and caught up) until unmounted. */
function useGamePushes(gameId: string, react: (push: Push) => void) {
  const latest = useRef(react);
  latest.current = react;
  useEffect(() => live.onPush((p) => p.payload.gameId === gameId && latest.current(p)), [gameId]);
}

/** A game: its lobby before it starts, then the game screen. Live from the moment it opens. */
export function GamePage({ gameId }: { gameId: string }) {
  const account = useStore(session);
  const accountId = account?.account.id;
  const summary = useResource(() => api<Summary>('GET', `/games/${gameId}`), [gameId, accountId]);
  const ruleset = useResource(rulesets, []);
  const refused = useStore(live.refused)[gameId];
  const refresh = useDebounced(() => void summary.reload(), 150);
  useEffect(() => live.watch(gameId), [gameId, accountId]);
  useGamePushes(gameId, ({ name }) => name !== 'message' && name !== 'turn.reminder' && refresh());

  const game = summary.data;
  if (summary.error) return <Alert>{summary.error}</Alert>;
  if (!game || !ruleset.data) return <Loading what="the game" />;
  const info = ruleset.data.find((r) => r.id === game.ruleset);
  knownGames.set(game.id, { name: game.name, words: turnWords(info) });
  const myId = accountId ?? null;
  const playing = isInsider(game) && game.players.some((p) => p.id === myId);

  return (
    <section class="game" aria-labelledby="game-title">
      <header class="game-head">
        <div>
          <h1 id="game-title">{game.name}</h1>
          <p class="muted">
            {info?.title ?? game.ruleset} · <StatusBadge status={game.status} />
            {game.status !== 'open' && (
              <>
                {' '}
                · {turnWords(info).Turn} {game.turn}
              </>
            )}{' '}
            · <Countdown game={game} />
          </p>
          {game.status !== 'open' && (
            <nav class="game-links" aria-label="This game">
              <a href={replayPath(game.id)} onClick={follow}>
                Replay
              </a>
              {account?.account.role === 'admin' && (
                <a href={auditPath(game.id)} onClick={follow}>
                  Audit
                </a>
              )}
            </nav>
          )}
        </div>
        <PlayerList game={game} />
      </header>
      {refused && <Alert>Live updates are off: {refused}</Alert>}
      {game.status === 'open' ? (
        <OpenGame game={game} ruleset={info} playing={playing} reload={() => void summary.reload()} />
      ) : info ? (
        <GameScreen game={game} ruleset={info} playing={playing} myId={myId} reloadSummary={refresh} />
      ) : (
        <Alert>This server does not know the ruleset {game.ruleset}.</Alert>
      )}
    </section>
  );
}

/** Before the start: join with an empire, leave, and (the creator) start. */
function OpenGame({
  game,
  ruleset,
  playing,
  reload,
}: {
  game: Summary;
  ruleset: RulesetInfo | undefined;
  playing: boolean;
  reload: () => void;
}) {
  const account = useStore(session);
  const [empire, setEmpire] = useState('');
  const [nameCheck, setNameCheck] = useState<{ name: string; error: string | null } | null>(null);
  const { busy, error, run } = useAction();
  // The ruleset's verdict on the name as it is typed (names taken in the game included).
  const checkName = useDebounced(() => {
    const name = empire;
    if (!name.trim()) return setNameCheck(null);
    api<{ name: string; error: string | null }>(
      'GET',
      `/games/${game.id}/empire-name?name=${encodeURIComponent(name)}`,
    ).then(setNameCheck, () => setNameCheck(null));
  }, 250);
  useEffect(checkName, [empire]);
  const verdict = nameCheck?.name === empire ? nameCheck : null;
  const creator =
    isInsider(game) && (game.createdBy === account?.account.id || account?.account.role === 'admin');

  const act = (path: string, body?: unknown) =>
    run(async () => {
      await api('POST', `/games/${game.id}/${path}`, body);
      reload();
    });

  return (
    <div class="card open-game">
      <p>
        {game.players.length} of {game.minPlayers}–{game.maxPlayers} players have joined.{' '}
        {game.startRule === 'when-full' ? 'The game starts when it is full.' : 'The creator starts the game.'}
      </p>
      {ruleset && (
        <dl class="facts settings">
          {ruleset.settings.map((s) => (
            <div key={s.name} title={s.help}>
              <dt>{humanize(s.name)}</dt>
              <dd>{String(game.settings[s.name] ?? s.default)}</dd>
            </div>
          ))}
        </dl>
      )}
      {!account ? (
        <p>
          <a href={`${PAGES}/login?next=${encodeURIComponent(location.pathname)}`} onClick={follow}>
            Log in
          </a>{' '}
          to join this game.
        </p>
      ) : playing ? (
        <div class="actions">
          <button type="button" class="ghost" disabled={busy} onClick={() => void act('leave')}>
            Leave the game
          </button>
        </div>
      ) : (
        <form
          class="join"
          onSubmit={(e) => {
            e.preventDefault();
            void act('join', { empire });
          }}
        >
          <label>
            Your empire's name
            <input
              name="empire"
              required
              maxLength={100}
              value={empire}
              aria-invalid={verdict?.error ? true : undefined}
              aria-describedby="empire-check"
              onInput={(e) => setEmpire(e.currentTarget.value)}
            />
          </label>
          <button
            type="submit"
            class="primary"
            disabled={busy || game.players.length >= game.maxPlayers || Boolean(verdict?.error)}
          >
            Join
          </button>
          <p id="empire-check" class={`name-check ${verdict?.error ? 'bad' : 'ok'}`} aria-live="polite">
            {verdict ? (verdict.error ?? `${verdict.name} is free`) : ''}
          </p>
        </form>
      )}
      {creator && (
        <div class="actions">
          <button
            type="button"
            class="primary"
            disabled={busy || game.players.length < game.minPlayers}
            onClick={() => void act('start')}
          >
            Start the game
          </button>
        </div>
      )}
      <Alert>{error}</Alert>
    </div>
  );
}

async function allMessages(gameId: string): Promise<Message[]> {
  const all: Message[] = [];
  let after: string | null = null;
  do {
    const query: string = after ? `?after=${after}&limit=200` : '?limit=200';
    const page: { messages: Message[]; next: string | null } = await api(
      'GET',
      `/games/${gameId}/messages${query}`,
    );
    all.push(...page.messages);
    after = page.next;
  } while (after);
  return all;
}

function GameScreen({
  game,
  ruleset,
  playing,
  myId,
  reloadSummary,
}: {
  game: Summary;
  ruleset: RulesetInfo;
  playing: boolean;
  myId: string | null;
  reloadSummary: () => void;
}) {
  const wide = useMedia('(min-width: 900px)');
  const words = turnWords(ruleset);
  const [tab, setTab] = useState<Tab>(playing ? 'orders' : 'map');
  const [selected, setSelected] = useState<string | null>(null);
  const pick = useRef<PickTarget | null>(null);
  const view = useResource(() => api<ViewAnswer<AnyView>>('GET', `/games/${game.id}/view`), [game.id, myId]);
  const reports = useResource(
    () => (playing ? api<ReportEntry[]>('GET', `/games/${game.id}/reports`) : Promise.resolve([])),
    [game.id, playing],
  );
  const orders = useResource(
    () =>
      playing && game.status !== 'ended'
        ? api<MyOrders>('GET', `/games/${game.id}/orders`)
        : Promise.resolve(undefined),
    [game.id, playing],
  );
  const messages = useResource(
    () => (playing ? allMessages(game.id) : Promise.resolve([])),
    [game.id, playing],
  );
  const allNotes = useStore(notes);
  const unread = (kinds: string[]) =>
    allNotes.filter((n) => n.gameId === game.id && !n.read && kinds.includes(n.kind)).length;

  const reloadView = useDebounced(() => void view.reload(), 150);
  const reloadReports = useDebounced(() => void reports.reload(), 150);
  const reloadOrders = useDebounced(() => void orders.reload(), 150);
  const [rulings, setRulings] = useState(0);
  useGamePushes(game.id, ({ name, payload }) => {
    if (name === 'dispute.ruled') setRulings((n) => n + 1);
    if (name === 'turn.opened' || name === 'turn.resolved' || name === 'game.ended') reloadView();
    if (name === 'turn.opened' || name === 'game.ended') reloadOrders();
    if (name === 'report.ready') reloadReports();
    if (name === 'submission.status' && playing) reloadOrders();
    if (name === 'message') {
      const { message } = payload;
      messages.setData((old) =>
        old && !old.some((m) => m.messageId === message.messageId) ? [...old, message] : old,
      );
    }
  });

  const side: Tab | null = tab === 'map' ? (wide ? (playing ? 'orders' : null) : null) : tab;
  useEffect(() => {
    if (side === 'messages') markRead(game.id, 'message');
    if (side === 'report') ['report', 'combat', 'contact'].forEach((k) => markRead(game.id, k as 'report'));
  }, [side, game.id, allNotes.length]);

  const select = (ref: string) => {
    setSelected(ref);
    if (pick.current) {
      pick.current.fill(ref);
      pick.current = null;
      if (!wide) setTab('orders');
    }
  };

  const tabs: { id: Tab; label: string; count?: number }[] = [
    { id: 'map', label: 'Map' },
    ...(playing
      ? [
          ...(game.status !== 'ended' ? [{ id: 'orders' as const, label: 'Orders' }] : []),
          { id: 'report' as const, label: 'Report', count: unread(['report', 'combat', 'contact']) },
          { id: 'messages' as const, label: 'Messages', count: unread(['message']) },
        ]
      : []),
  ];
  const v = view.data?.view;
  // Galac-Tac's players design their ships: the design screen writes CLASSIFY into the orders.
  const designer =
    game.ruleset === 'galac-tac' && (v as GtView | undefined)?.role === 'player' ? (v as PlayerView) : null;

  return (
    <div class={`game-screen${side ? '' : ' map-only'}`}>
      <div class="tabbar tabs" role="tablist" aria-label="Game screen">
        {tabs.map((t) => (
          <button
            type="button"
            role="tab"
            key={t.id}
            id={`tab-${t.id}`}
            aria-selected={tab === t.id || (t.id === side && tab === 'map' && wide)}
            class={`tab${tab === t.id ? ' active' : ''}${t.id === 'map' ? ' map-tab' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {t.count ? (
              <span class="count unread" aria-label={`${t.count} unread`}>
                {t.count}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div class="map-pane" hidden={!wide && tab !== 'map'}>
        <Alert>{view.error}</Alert>
        {!v ? (
          <Loading what="the map" />
        ) : (
          <GameMap ruleset={game.ruleset} view={v} selected={selected} onSelect={select} />
        )}
        {!selected && v && (
          <p class="muted hint">
            Select a {PLACE[game.ruleset] ?? 'world'} on the map to see what you know of it.
          </p>
        )}
      </div>
      {playing && (
        // Kept while the map has the screen (a phone's Map tab): unsent orders, a half-filled form and
        // a message being written survive a look at the map.
        <div
          class="side-pane"
          role="tabpanel"
          aria-labelledby={side ? `tab-${side}` : undefined}
          hidden={!side}
        >
          {game.status !== 'ended' && (
            <div hidden={side !== 'orders'}>
              <OrdersPanel
                game={game}
                ruleset={ruleset}
                mine={orders.data}
                reload={() => {
                  void orders.reload();
                  reloadSummary();
                }}
                armPick={(target) => (pick.current = target)}
                tools={
                  designer
                    ? (addLine) => (
                        <details class="order-forms gt-design-screen">
                          <summary>Design a ship</summary>
                          <GtDesign view={designer} addLine={addLine} />
                        </details>
                      )
                    : undefined
                }
              />
            </div>
          )}
          {side === 'report' &&
            (reports.data ? (
              <>
                <ReportPanel ruleset={ruleset} reports={reports.data} />
                <DisputesPanel game={game} words={words} version={rulings} />
              </>
            ) : (
              <Loading what="your reports" />
            ))}
          <div hidden={side !== 'messages'}>
            {messages.data && myId && isInsider(game) ? (
              <MessagesPanel game={game as GameSummary} words={words} messages={messages.data} myId={myId} />
            ) : (
              <Loading what="messages" />
            )}
          </div>
          <Alert>{reports.error ?? orders.error ?? messages.error}</Alert>
        </div>
      )}
    </div>
  );
}
