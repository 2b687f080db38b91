import { useEffect, useRef, useState } from 'preact/hooks';
import { AuditPage } from './audit';
import { AuthPage } from './auth';
import { GamePage } from './game';
import { LobbyPage } from './lobby';
import { connection } from './live';
import { NewGamePage } from './new-game';
import { ReplayPage } from './replay';
import { knownGames, markRead, notes } from './notifications';
import { follow, gamePath, navigate, PAGES, route } from './router';
import { logOut, session } from './session';
import { useStore } from './store';

const CONNECTION_TEXT = { live: 'Live', connecting: 'Reconnecting…', offline: 'Offline' };

/** The bell: news from your games as it arrives, with how many are unread. */
function Notifications() {
  const all = useStore(notes);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const unread = all.filter((n) => !n.read).length;
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !panel.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [open]);
  return (
    <div class="notifications" ref={panel}>
      <button
        type="button"
        class="ghost bell"
        aria-expanded={open}
        aria-controls="notification-list"
        aria-label={`Notifications, ${unread} unread`}
        onClick={() => {
          setOpen(!open);
          if (!open) markRead();
        }}
      >
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span class="count unread" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      <span class="sr-only" aria-live="polite">
        {unread > 0 ? `${unread} unread notification${unread === 1 ? '' : 's'}` : ''}
      </span>
      {open && (
        <div id="notification-list" class="notification-list card">
          {all.length === 0 ? (
            <p class="muted">Nothing new.</p>
          ) : (
            <ul>
              {all.map((n) => (
                <li key={n.id} class={n.read ? '' : 'unread'}>
                  <a
                    href={gamePath(n.gameId)}
                    onClick={(e) => {
                      setOpen(false);
                      follow(e);
                    }}
                  >
                    <span class="muted">{knownGames.get(n.gameId)?.name ?? 'A game'}</span> {n.text}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The screens, by route. */
function Screen() {
  const current = useStore(route);
  const account = useStore(session);
  useEffect(() => {
    if (!account && current.page === 'new-game') navigate(`${PAGES}/login?next=${PAGES}/new`);
  }, [account, current.page]);
  switch (current.page) {
    case 'lobby':
      return <LobbyPage />;
    case 'login':
      return <AuthPage />;
    case 'new-game':
      return <NewGamePage />;
    case 'game':
      return <GamePage key={current.gameId} gameId={current.gameId} />;
    case 'replay':
      return <ReplayPage key={current.gameId} gameId={current.gameId} />;
    case 'audit':
      return <AuditPage key={current.gameId} gameId={current.gameId} />;
    default:
      return (
        <p>
          No such page.{' '}
          <a href="/" onClick={follow}>
            Back to the lobby
          </a>
        </p>
      );
  }
}

export function App() {
  const account = useStore(session);
  const link = useStore(connection);
  const current = useStore(route);
  const main = useRef<HTMLElement>(null);
  // A new screen is announced by moving the focus to it, as a page load would.
  useEffect(() => main.current?.focus({ preventScroll: true }), [current]);
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/" onClick={follow}>
          <span aria-hidden="true">◎</span> Warpgate
        </a>
        <nav aria-label="Main">
          <a href="/" onClick={follow} aria-current={current.page === 'lobby' ? 'page' : undefined}>
            Lobby
          </a>
        </nav>
        <div class="top-right">
          <span class={`connection ${link}`} role="status" title="Live updates">
            {CONNECTION_TEXT[link]}
          </span>
          {account && <Notifications />}
          {account ? (
            <>
              <span class="who">{account.account.name}</span>
              <button type="button" class="ghost" onClick={() => logOut()}>
                Log out
              </button>
            </>
          ) : (
            <a class="button" href={`${PAGES}/login`} onClick={follow}>
              Log in
            </a>
          )}
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <Screen />
      </main>
    </>
  );
}
