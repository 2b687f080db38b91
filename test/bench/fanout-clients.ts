/**
 * A child process of the fan-out bench: opens sockets that watch one game and tells the bench when
 * each received its pushes. Times are wall-clock milliseconds (performance.timeOrigin + now()), the
 * clock every process of the machine shares: the bench subtracts its own time of the submission.
 */
import { performance } from 'node:perf_hooks';
import { type ClientToServer, type ServerEvent, type ServerToClient, unbatch } from '@warpgate/contracts';
import { io, type Socket } from 'socket.io-client';

/** One socket per token; null: an anonymous spectator. */
export interface Open {
  url: string;
  gameId: string;
  tokens: (string | null)[];
}

/**
 * Each socket's arrival time of a turn's pushes (reports: the players' sockets only), the Socket.IO
 * events (frames) each socket got up to its turn.resolved, and the CPU it took.
 */
export interface Arrivals {
  turn: number;
  closed: number[];
  resolved: number[];
  reports: number[];
  frames: number[];
  /** This process's CPU time from `settled` to the last arrival. */
  cpuMs: number;
}

/** From the bench: the sockets to open, then for each turn the submission.status pushes to await. */
export type ToClients = Open | { turn: number; statuses: number };

export type FromClients =
  { opened: number } | { settled: number } | { arrivals: Arrivals } | { error: string };

export const wallClock = () => performance.timeOrigin + performance.now();

/** Sockets opened (connected and watching) this many at a time. */
const OPENING = 50;

async function open({ url, gameId, tokens }: Open) {
  const players = tokens.filter((t) => t !== null).length;
  const send = (m: FromClients) => process.send!(m);
  // submission.status pushes received by all sockets, by turn; settled when the awaited count is in.
  const statuses = new Map<number, number>();
  let awaited: { turn: number; statuses: number } | undefined;
  let arrivals: Arrivals = { turn: 0, closed: [], resolved: [], reports: [], frames: [], cpuMs: 0 };
  let cpu = process.cpuUsage();
  // Each socket's frames since the last settle.
  const frames: { count: number }[] = [];
  const settle = () => {
    if (!awaited || (statuses.get(awaited.turn) ?? 0) < awaited.statuses * tokens.length) return;
    arrivals = { turn: awaited.turn, closed: [], resolved: [], reports: [], frames: [], cpuMs: 0 };
    for (const f of frames) f.count = 0;
    cpu = process.cpuUsage();
    send({ settled: awaited.turn });
    awaited = undefined;
  };
  process.on('message', (m: ToClients) => {
    if ('turn' in m) {
      awaited = m;
      settle();
    }
  });
  const status = (turn: number) => {
    statuses.set(turn, (statuses.get(turn) ?? 0) + 1);
    settle();
  };
  // A turn is done when every socket has its turn.resolved and every player its report.
  const arrived = (key: 'closed' | 'resolved' | 'reports', turn: number, socket: { count: number }) => {
    if (turn !== arrivals.turn) return;
    arrivals[key].push(wallClock());
    if (key === 'resolved') arrivals.frames.push(socket.count);
    if (arrivals.resolved.length === tokens.length && arrivals.reports.length === players) {
      const { user, system } = process.cpuUsage(cpu);
      send({ arrivals: { ...arrivals, cpuMs: (user + system) / 1000 } });
    }
  };
  const watch = async (token: string | null) => {
    const socket: Socket<ServerToClient, ClientToServer> = io(url, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const received = { count: 0 };
    frames.push(received);
    const receive = ({ name, payload }: ServerEvent) => {
      if (name === 'submission.status') status(payload.turn);
      else if (name === 'turn.closed') arrived('closed', payload.turn, received);
      else if (name === 'turn.resolved') arrived('resolved', payload.turn, received);
      else if (name === 'report.ready') arrived('reports', payload.turn, received);
    };
    socket.onAny((name: keyof ServerToClient, payload: unknown) => {
      received.count += 1;
      unbatch(name, payload).forEach(receive);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.on('disconnect', (reason) => send({ error: `a socket disconnected: ${reason}` }));
    const ack = await socket.emitWithAck('watch', { gameId });
    if (!ack.ok) throw new Error(`watch refused: ${ack.error}`);
  };
  for (let i = 0; i < tokens.length; i += OPENING) await Promise.all(tokens.slice(i, i + OPENING).map(watch));
  send({ opened: tokens.length });
}

if (require.main === module)
  process.once('message', (task: Open) => {
    open(task).catch((e: Error) => process.send!({ error: e.stack ?? String(e) } satisfies FromClients));
  });
