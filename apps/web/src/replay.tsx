import type { GcView } from '@warpgate/rulesets/galactic-conflict';
import type { GalaxyView } from '@warpgate/rulesets/galaxy';
import type { GtView } from '@warpgate/rulesets/galac-tac';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClientToServer, Replaying, ServerToClient } from '@warpgate/contracts';
import { io, type Socket } from 'socket.io-client';
// The module itself, not the package index: only this constant goes into the bundle.
import { REPLAY_NAMESPACE } from '../../../libs/contracts/src/realtime';
import { api } from './api';
import { GameMap, type AnyView } from './maps';
import { follow, gamePath } from './router';
import { rulesets, turnWords, type TurnWords } from './rulesets';
import { session } from './session';
import { useStore } from './store';
import type { ReplayEvent, ReplayStep, Summary } from './types';
import { Alert, Loading, StatusBadge, useResource } from './ui';

type Unit = 'event' | 'turn';
/** Steps a second, within the server's bounds (50 by event, 5 by turn). */
const SPEEDS: Record<Unit, number[]> = { event: [0.5, 1, 2, 5, 10, 25, 50], turn: [0.2, 0.5, 1, 2, 5] };
/** The event log keeps this many events of the steps played through. */
const LOG_LENGTH = 300;

/**
 * Where "Back a turn" goes from a step: from turn T's opening (a turn's step ends there) to turn
 * T-1's, from anywhere else in turn T to T's opening; from the first turn's opening, to the start.
 */
export function turnBack(step: ReplayStep): { turn: number } | { event: number } {
  const last = step.events.at(-1);
  const opening = last?.revision === step.revision && last.type === 'TurnOpened';
  const turn = opening ? step.turn - 1 : step.turn;
  return turn >= 1 ? { turn: turn - 1 } : { event: 0 };
}

/** A score table's rows: each player with the figures this view tells of them. */
export function scoresOf(view: AnyView): { name: string; figures: [string, number][] }[] | null {
  const v = view as (GcView | GalaxyView) & { role: string };
  if (v.role === 'full') {
    const { state } = view as Extract<GcView, { role: 'full' }>;
    return [...state.players]
      .sort((a, b) => b.score - a.score)
      .map((p) => ({ name: p.name, figures: [['Score', p.score]] }));
  }
  if (v.role === 'player' && 'contacts' in v) {
    const { me, contacts } = v;
    return [me, ...contacts]
      .sort((a, b) => b.score - a.score)
      .map((p) => ({ name: p.name, figures: [['Score', p.score]] }));
  }
  if ((v.role === 'spectator' || v.role === 'player') && 'races' in v)
    return v.races.map((r) => ({
      name: r.name,
      figures: [
        ['Planets', r.planets],
        ['Population', Math.round(r.population)],
        ['Industry', Math.round(r.industry)],
      ],
    }));
  if (v.role === 'admin' && 'planets' in v) {
    const full = view as Extract<GalaxyView, { role: 'admin' }>;
    return full.races.map((r) => {
      const own = full.planets.filter((p) => p.owner === r.id);
      return {
        name: r.name,
        figures: [
          ['Planets', own.length],
          ['Population', Math.round(own.reduce((n, p) => n + p.population, 0))],
          ['Industry', Math.round(own.reduce((n, p) => n + p.industry, 0))],
        ],
      };
    });
  }
  const gt = view as GtView;
  if (gt.role === 'admin' && 'empires' in gt)
    return gt.empires.map((e) => ({
      name: e.name,
      figures: [
        ['Systems', gt.systems.filter((x) => x.owner === e.id).length],
        ['Ships', gt.ships.filter((x) => x.owner === e.id).length],
        ['Tech level', e.tl],
      ],
    }));
  if (gt.role === 'player' && 'valuation' in gt.me)
    return [
      {
        name: gt.me.name,
        figures: [
          ['Systems', gt.systems.length],
          ['Ships', gt.ships.length],
          ['Valuation percentile', gt.me.valuation ?? 0],
        ],
      },
    ];
  return null;
}

function Scores({ view }: { view: AnyView }) {
  const rows = scoresOf(view);
  if (!rows) return <p class="muted">Scores are not public while the game runs.</p>;
  const heads = rows[0]?.figures.map(([name]) => name) ?? [];
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">Scores</caption>
        <thead>
          <tr>
            <th scope="col">Empire</th>
            {heads.map((h) => (
              <th key={h} scope="col" class="num">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}</th>
              {r.figures.map(([h, n]) => (
                <td key={h} class="num">
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A value as JSON, cut short past 160 characters. */
export const brief = (data: unknown) => {
  const text = JSON.stringify(data) ?? '';
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
};

/**
 * An event in a line: what happened, in words for the platform's events, else its type and data.
 * Players by empire; admins' events name them by account id, which `empireOf` (if given) names.
 * Turns by the ruleset's word (`words`), the platform's 'turn' if not given.
 */
export function eventText(
  e: ReplayEvent,
  empireOf: (id: string) => string = String,
  { turn, Turn }: TurnWords = turnWords(undefined),
): string {
  const d = (e.data ?? {}) as Record<string, unknown>;
  const who = d.empire === undefined ? empireOf(String(d.playerId)) : String(d.empire);
  switch (e.type) {
    case 'GameCreated':
      return `Game "${String(d.name)}" created`;
    case 'PlayerJoined':
      return `${String(d.empire)} joins`;
    case 'PlayerLeft':
      return `${who} leaves`;
    case 'GameStarted':
      return 'The game starts';
    case 'TurnOpened':
      return `${Turn} ${String(d.turn)} opens`;
    case 'OrdersSubmitted':
      return `${who} sends orders for ${turn} ${String(d.turn)}${d.ready ? ', ready' : ''}`;
    case 'ReadyChanged':
      return `${who} is ${d.ready ? '' : 'not '}ready`;
    case 'TurnClosed':
      return `${Turn} ${String(d.turn)} closes (${String(d.reason)})`;
    case 'TurnResolved':
      return `${Turn} ${String(d.turn)} resolved`;
    case 'GameEnded':
      return 'The game ends';
    default:
      return `${e.type.replace(/^[^.]*\./, '')} ${brief(e.data)}`;
  }
}

/** A game's record played back: as a spectator, as one of its players, or (admins, or once it has ended) whole. */
export function ReplayPage({ gameId }: { gameId: string }) {
  const account = useStore(session);
  const summary = useResource(() => api<Summary>('GET', `/games/${gameId}`), [gameId, account?.account.id]);
  const known = useResource(rulesets, []);
  const [empire, setEmpire] = useState('');
  const game = summary.data;
  if (summary.error) return <Alert>{summary.error}</Alert>;
  if (!game) return <Loading what="the game" />;
  const info = known.data?.find((r) => r.id === game.ruleset);
  return (
    <section class="replay" aria-labelledby="replay-title">
      <header class="game-head">
        <div>
          <h1 id="replay-title">Replay of {game.name}</h1>
          <p class="muted">
            {info?.title ?? game.ruleset} · <StatusBadge status={game.status} /> ·{' '}
            <a href={gamePath(game.id)} onClick={follow}>
              Back to the game
            </a>
          </p>
        </div>
        {game.status === 'ended' && (
          <label class="inline">
            Seen by
            <select value={empire} onChange={(e) => setEmpire(e.currentTarget.value)}>
              <option value="">Everyone (the whole record)</option>
              {game.players.map((p) => (
                <option key={p.empire} value={p.empire}>
                  {p.empire}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {/* Opened again as whoever is logged in now. */}
      <Replayer
        key={`${account?.account.id ?? ''}:${empire}`}
        game={game}
        words={turnWords(info)}
        empire={empire || undefined}
      />
    </section>
  );
}

function Replayer({ game, words, empire }: { game: Summary; words: TurnWords; empire: string | undefined }) {
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [view, setView] = useState<AnyView | null>(null);
  const [log, setLog] = useState<ReplayEvent[]>([]);
  const [playing, setPlaying] = useState(false);
  const [unit, setUnit] = useState<Unit>('event');
  const [speed, setSpeed] = useState(2);
  const [scrub, setScrub] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [ended, setEnded] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const socket = useRef<Socket<ServerToClient, ClientToServer> | null>(null);
  // What a reconnect opens again: where the replay stood, and how it played.
  const at = useRef({ revision: 0, playing: false, unit, speed });
  at.current = { ...at.current, unit, speed, playing };

  /** Sends a command (`command(socket)`) and shows its answer. */
  const send = (command: (s: Socket<ServerToClient, ClientToServer>) => Promise<Replaying>) => {
    if (!socket.current) return;
    setEnded(false);
    command(socket.current).then(
      (ack) => {
        if (!ack.ok) return setError(ack.error);
        setError('');
        setPlaying(ack.playing);
      },
      // The socket dropped: it opens the replay again where it stood once it is back.
      () => undefined,
    );
  };
  const open = (changes: Partial<typeof at.current> = {}) => {
    const o = { ...at.current, ...changes };
    send((s) =>
      s.emitWithAck('replay.open', {
        gameId: game.id,
        event: o.revision,
        by: o.unit,
        speed: o.speed,
        paused: !o.playing,
        ...(empire ? { empire } : {}),
      }),
    );
  };

  useEffect(() => {
    const token = session.value?.accessToken;
    const s: Socket<ServerToClient, ClientToServer> = io(REPLAY_NAMESPACE, {
      auth: token ? { token } : {},
      transports: ['websocket'],
    });
    socket.current = s;
    let last: ReplayStep | null = null;
    s.on('replay.step', (step) => {
      // As GET /games/:id/replay answers it (the contract does not know the api's types).
      const next = step as ReplayStep;
      // Played on from the step before: the log goes on; a jump starts it again.
      const onwards = last !== null && next.from === last.revision + 1;
      setLog((old) => (onwards ? [...old, ...next.events].slice(-LOG_LENGTH) : next.events));
      last = next;
      at.current.revision = next.revision;
      setStep(next);
      setScrub(null);
      if (next.view !== undefined) setView(next.view as AnyView);
    });
    s.on('replay.ended', () => {
      setPlaying(false);
      setEnded(true);
    });
    s.on('replay.error', ({ error: e }) => {
      setPlaying(false);
      setError(e);
    });
    // Opened, and after a dropped connection opened again where it stood.
    s.on('connect', () => open());
    // Refused (a token that expired) or unreachable: said, while Socket.IO retries what it may.
    s.on('connect_error', (e) =>
      setError(s.active ? 'Connecting to the replay again…' : `The replay could not open: ${e.message}`),
    );
    return () => {
      s.emit('replay.close', () => undefined);
      s.disconnect();
    };
  }, [game.id, empire]);

  const seek = (point: { event: number } | { turn: number }) =>
    send((s) => s.emitWithAck('replay.seek', point));
  // The log shows its latest events (scrolled within itself, the page stays where it is).
  const logList = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (logList.current) logList.current.scrollTop = logList.current.scrollHeight;
  }, [log]);

  if (!step) return error ? <Alert>{error}</Alert> : <Loading what="the record" />;
  const atStart = step.from === 0;
  const atEnd = step.revision >= step.last;
  const position = scrub ?? step.revision;
  const current = new Set(step.events.map((e) => e.revision));
  // The log entry the position stands at (a step ends at an event its viewer is shown).
  const here = step.events.at(-1)?.revision;

  return (
    <div class="replay-screen">
      <div class="replay-controls card" role="group" aria-label="Replay controls">
        <label class="scrub">
          <span class="sr-only">Position in the record</span>
          <input
            type="range"
            min={0}
            max={step.last}
            value={position}
            aria-valuetext={`Event ${position} of ${step.last}`}
            onInput={(e) => setScrub(Number(e.currentTarget.value))}
            onChange={(e) => seek({ event: Number(e.currentTarget.value) })}
          />
        </label>
        <div class="replay-buttons">
          <button
            type="button"
            disabled={atStart}
            onClick={() => seek({ event: 0 })}
            aria-label="To the start"
          >
            |◀
          </button>
          <button
            type="button"
            disabled={atStart}
            onClick={() => seek(turnBack(step))}
            aria-label={`Back a ${words.turn}`}
          >
            ◀◀
          </button>
          <button
            type="button"
            disabled={atStart}
            onClick={() => seek({ event: step.from - 1 })}
            aria-label="Back an event"
          >
            ◀
          </button>
          <button
            type="button"
            class="primary play"
            onClick={() => send((s) => s.emitWithAck(playing ? 'replay.pause' : 'replay.resume'))}
          >
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            disabled={atEnd}
            onClick={() => seek({ event: step.revision + 1 })}
            aria-label="Forward an event"
          >
            ▶
          </button>
          <button
            type="button"
            disabled={atEnd}
            onClick={() => seek({ turn: step.turn })}
            aria-label={`Forward a ${words.turn}`}
          >
            ▶▶
          </button>
          <button
            type="button"
            disabled={atEnd}
            onClick={() => seek({ event: step.last })}
            aria-label="To the end"
          >
            ▶|
          </button>
        </div>
        <div class="replay-settings">
          <label class="inline">
            Play by
            <select
              value={unit}
              onChange={(e) => {
                const next = e.currentTarget.value as Unit;
                // The fastest of the new unit's speeds not faster than now (else its slowest).
                const kept = SPEEDS[next].filter((s) => s <= speed).at(-1) ?? SPEEDS[next][0];
                setUnit(next);
                setSpeed(kept);
                open({ unit: next, speed: kept });
              }}
            >
              <option value="event">event</option>
              <option value="turn">{words.turn}</option>
            </select>
          </label>
          <label class="inline">
            Speed
            <select
              value={speed}
              onChange={(e) => {
                const next = Number(e.currentTarget.value);
                setSpeed(next);
                send((s) => s.emitWithAck('replay.speed', { speed: next }));
              }}
            >
              {SPEEDS[unit].map((s) => (
                <option key={s} value={s}>
                  {s} a second
                </option>
              ))}
            </select>
          </label>
        </div>
        {/* Announced where it stands still: not at every step played (up to 50 a second). */}
        <p class="replay-position" role={playing ? undefined : 'status'}>
          {words.Turn} {step.turn} · event {step.revision} of {step.last}
          {ended ? ' · end of the record' : ''}
        </p>
        <Alert>{error}</Alert>
      </div>
      <div class="map-pane">
        {view ? (
          <GameMap ruleset={game.ruleset} view={view} selected={selected} onSelect={setSelected} />
        ) : (
          <p class="muted">No map before the game starts.</p>
        )}
      </div>
      <div class="side-pane">
        <section class="panel" aria-labelledby="scores-title">
          <h2 id="scores-title">Scores</h2>
          {view ? <Scores view={view} /> : <p class="muted">None yet.</p>}
        </section>
        <section class="panel" aria-labelledby="log-title">
          <h2 id="log-title">Event log</h2>
          <ol class="event-log" aria-label="Events played" ref={logList}>
            {log.map((e) => (
              <li
                key={e.revision}
                class={current.has(e.revision) ? 'current' : ''}
                aria-current={e.revision === here ? 'step' : undefined}
              >
                <span class="revision">#{e.revision}</span> {eventText(e, String, words)}
              </li>
            ))}
            {log.length === 0 && <li class="muted">Nothing shown in this step.</li>}
          </ol>
        </section>
      </div>
    </div>
  );
}
