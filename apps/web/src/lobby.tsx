import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { connection, live } from './live';
import { knownGames } from './notifications';
import { rulesets, turnWords } from './rulesets';
import { follow, gamePath, PAGES } from './router';
import { session } from './session';
import { useStore } from './store';
import type { Summary } from './types';
import { Alert, Countdown, Loading, StatusBadge, useDebounced, useResource } from './ui';

const TABS = [
  { id: 'open', label: 'Open', has: (s: Summary['status']) => s === 'open' },
  { id: 'running', label: 'Running', has: (s: Summary['status']) => s === 'running' || s === 'paused' },
  { id: 'ended', label: 'Finished', has: (s: Summary['status']) => s === 'ended' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The games this person may see, by status, live: each listed game is watched for changes. */
export function LobbyPage() {
  const account = useStore(session);
  const [tab, setTab] = useState<Tab>('open');
  const [ruleset, setRuleset] = useState('');
  const [mine, setMine] = useState(false);
  const known = useResource(rulesets, []);
  const games = useResource(() => {
    const query = new URLSearchParams({ ...(ruleset ? { ruleset } : {}), ...(mine ? { mine: 'true' } : {}) });
    return api<Summary[]>('GET', `/games?${query.toString()}`);
  }, [ruleset, mine, account?.account.id]);
  const refresh = useDebounced(() => void games.reload(), 300);
  // A game a push told of is read alone and merged into the list: new ones first (newest first).
  const changed = useRef(new Set<string>());
  const listed = (g: Summary) =>
    (!ruleset || g.ruleset === ruleset) &&
    (!mine || g.players.some((p) => 'id' in p && p.id === account?.account.id));
  const merge = (id: string, game: Summary | null) =>
    games.setData((old) => {
      if (!old) return old;
      const others = old.filter((g) => g.id !== id);
      if (!game || !listed(game)) return others;
      return old.some((g) => g.id === id) ? old.map((g) => (g.id === id ? game : g)) : [game, ...old];
    });
  const readChanged = useDebounced(() => {
    const ids = [...changed.current];
    changed.current.clear();
    for (const id of ids)
      void api<Summary>('GET', `/games/${id}`).then(
        (game) => merge(id, game),
        // No longer shown to this person; on any other failure the list stays as it was.
        (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 404) && merge(id, null),
      );
  }, 300);

  const list = games.data ?? [];
  const info = (id: string) => known.data?.find((r) => r.id === id);
  list.forEach((g) => knownGames.set(g.id, { name: g.name, words: turnWords(info(g.ruleset)) }));
  const watched = list
    .filter((g) => g.status !== 'ended')
    .map((g) => g.id)
    .join(' ');
  useEffect(() => {
    const ids = watched ? watched.split(' ') : [];
    const stops = ids.map((id) => live.watch(id));
    const stop = live.onPush((push) => {
      if (push.name !== 'lobby.game' && !ids.includes(push.payload.gameId)) return;
      changed.current.add(push.payload.gameId);
      readChanged();
    });
    return () => {
      stop();
      stops.forEach((s) => s());
    };
  }, [watched, readChanged]);
  // New games come as `lobby.game`; after a dropped connection the list is read again.
  useEffect(() => live.watchLobby(), []);
  useEffect(() => connection.subscribe((state) => state === 'live' && refresh()), [refresh]);

  const current = TABS.find((t) => t.id === tab)!;
  const shown = list.filter((g) => current.has(g.status));
  const title = (id: string) => info(id)?.title ?? id;

  return (
    <section aria-labelledby="lobby-title">
      <div class="page-head">
        <h1 id="lobby-title">Lobby</h1>
        {account && (
          <a class="button primary" href={`${PAGES}/new`} onClick={follow}>
            New game
          </a>
        )}
      </div>
      <div class="filters">
        <div class="tabs" role="tablist" aria-label="Games by status">
          {TABS.map((t) => (
            <button
              type="button"
              role="tab"
              key={t.id}
              aria-selected={tab === t.id}
              aria-controls="game-list"
              class={tab === t.id ? 'tab active' : 'tab'}
              onClick={() => setTab(t.id)}
            >
              {t.label} <span class="count">{list.filter((g) => t.has(g.status)).length}</span>
            </button>
          ))}
        </div>
        <label class="inline">
          Ruleset
          <select value={ruleset} onChange={(e) => setRuleset(e.currentTarget.value)}>
            <option value="">All</option>
            {known.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        {account && (
          <label class="inline check">
            <input type="checkbox" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
            Only my games
          </label>
        )}
        <button type="button" class="ghost" onClick={() => void games.reload()}>
          Refresh
        </button>
      </div>
      <Alert>{games.error}</Alert>
      {!games.data && !games.error && <Loading what="games" />}
      {games.data && (
        <ul id="game-list" class="game-list" role="tabpanel" aria-label={`${current.label} games`}>
          {shown.length === 0 && <li class="muted empty">No {current.label.toLowerCase()} games here.</li>}
          {shown.map((g) => {
            const joined =
              account && 'createdBy' in g && g.players.some((p) => 'id' in p && p.id === account.account.id);
            return (
              <li key={g.id} class="game-card">
                <a href={gamePath(g.id)} onClick={follow} class="game-link">
                  <span class="game-name">{g.name}</span>
                  <span class="muted">{title(g.ruleset)}</span>
                </a>
                <div class="game-facts">
                  <StatusBadge status={g.status} />
                  {joined && <span class="badge badge-mine">You play</span>}
                  <span>
                    {g.players.length}/{g.maxPlayers} players
                  </span>
                  {g.status !== 'open' && (
                    <span>
                      {turnWords(info(g.ruleset)).Turn} {g.turn}
                    </span>
                  )}
                  {g.status !== 'ended' && g.status !== 'open' && <Countdown game={g} />}
                </div>
                {g.players.length > 0 && (
                  <p class="empires muted">{g.players.map((p) => p.empire).join(' · ')}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!account && (
        <p class="muted">
          <a href={`${PAGES}/login`} onClick={follow}>
            Log in or sign up
          </a>{' '}
          to create and join games.
        </p>
      )}
    </section>
  );
}
