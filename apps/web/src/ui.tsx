import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from './api';
import type { Summary } from './types';

/**
 * Loads with `load` whenever `deps` change; `reload` loads again (with the latest `load`), keeping
 * what is shown meanwhile.
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const reload = useCallback(() => {
    const mine = ++generation.current;
    return latest.current().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(null);
      },
      (e: unknown) => mine === generation.current && setError(errorText(e)),
    );
  }, deps);
  useEffect(() => {
    setData(undefined);
    void reload();
  }, [reload]);
  return { data, error, reload, setData };
}

/** Whether the screen matches a CSS media query, kept up to date as it changes (a phone turned …). */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const change = () => setMatches(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}

/** Calls `fn` whenever `value` changes after the first render: news to reload for, say. */
export function useOnChange(value: unknown, fn: () => void) {
  const last = useRef(value);
  useEffect(() => {
    if (Object.is(last.current, value)) return;
    last.current = value;
    fn();
  }, [value]);
}

/** What a button sets off: busy while it runs, and what went wrong once it has failed. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** Calls `fn` once `ms` have passed without another call: for refetches many pushes ask for at once. */
export function useDebounced(fn: () => void, ms: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  }, [ms]);
}

export function useNow(everyMs = 1000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function Alert({ children }: { children: ComponentChildren }) {
  return children ? (
    <p class="alert" role="alert">
      {children}
    </p>
  ) : null;
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "3d 04h", "2h 05m", "4m 09s": as precise as the time left calls for. */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60];
  if (d > 0) return `${d}d ${pad(h)}h`;
  if (h > 0) return `${h}h ${pad(m)}m`;
  return `${m}m ${pad(s % 60)}s`;
}

/** Where the game's current turn stands: time to the deadline, or why there is none. */
export function Countdown({ game }: { game: Summary }) {
  const now = useNow();
  let text: string;
  if (game.status === 'open') text = 'Not started';
  else if (game.status === 'ended') text = 'Game over';
  else if (game.status === 'paused') text = 'Paused';
  else if (game.closed) text = 'Resolving…';
  else if (game.deadline) text = `${timeLeft(Date.parse(game.deadline) - now)} left`;
  else text = '';
  return (
    <span
      class="countdown"
      role="timer"
      title={game.deadline ? new Date(game.deadline).toLocaleString() : ''}
    >
      {text}
    </span>
  );
}

export const STATUS_TEXT: Record<Summary['status'], string> = {
  open: 'Open',
  running: 'Running',
  paused: 'Paused',
  ended: 'Finished',
};

export function StatusBadge({ status }: { status: Summary['status'] }) {
  return <span class={`badge badge-${status}`}>{STATUS_TEXT[status]}</span>;
}

/** Who has sent orders and who is ready for this turn: never what they sent. */
export function PlayerList({ game }: { game: Summary }) {
  const running = game.status === 'running' || game.status === 'paused';
  return (
    <ul class="players" aria-label="Players">
      {game.players.map((p) => (
        <li key={p.empire}>
          <span class="empire">{p.empire}</span>
          {running && (
            <span class="flags">
              <span class={p.submitted ? 'flag on' : 'flag'}>{p.submitted ? 'orders in' : 'no orders'}</span>
              <span class={p.ready ? 'flag on' : 'flag'}>{p.ready ? 'ready' : 'not ready'}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A name for a setting or order field: `homeEcon` → "Home econ". */
export const humanize = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (m) => m.toLowerCase());
