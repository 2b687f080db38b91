/**
 * A child process of the submissions bench: its players submit orders, each on a keep-alive
 * connection of its own, one request after another, and it tells the bench how long each took.
 * HTTP/1.1 is written and read by hand on the socket, as load generators do: Node's HTTP client
 * costs more CPU a request than the server's handling of it would leave to the api on a small
 * machine. Times are wall-clock milliseconds, the clock every process of the machine shares.
 */
import { connect, type Socket } from 'node:net';
import { wallClock } from './fanout-clients';

export interface Load {
  url: string;
  players: { gameId: string; token: string }[];
  /** Submissions each player makes, one after another, before the measure and in it. */
  warmUp: number;
  rounds: number;
}

/** `ready`: warmed up, waiting for `go`. `cpuMs`: what this process spent in the measure. */
export type FromLoad =
  { ready: true } | { latencies: number[]; start: number; end: number; cpuMs: number } | { error: string };

const HEAD_END = '\r\n\r\n';

/** One player's connection: a request written, then its answer read (status line, Content-Length, body). */
class Connection {
  private socket?: Socket;
  /** What came of the answer so far, one character a byte. */
  private received = '';
  private waiting?: { resolve(): void; reject(e: Error): void };

  constructor(private readonly url: URL) {}

  request(head: string, body: string): Promise<void> {
    // The server closes connections idle for a while: then this one opens again.
    if (!this.socket) this.open();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(`${head}Content-Length: ${Buffer.byteLength(body)}${HEAD_END}${body}`);
    });
  }

  private open() {
    const socket = connect(Number(this.url.port), this.url.hostname).setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk.toString('latin1')));
    socket.on('error', (e) => this.settle(e));
    socket.on('close', () => {
      this.socket = undefined;
      this.settle(new Error('connection closed before the answer'));
    });
    this.socket = socket;
  }

  private read(chunk: string) {
    this.received += chunk;
    const end = this.received.indexOf(HEAD_END);
    if (end === -1) return;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(this.received.slice(0, end))?.[1] ?? 0);
    const size = end + HEAD_END.length + length;
    if (this.received.length < size) return;
    const status = this.received.slice(9, 12);
    const body = this.received.slice(end + HEAD_END.length, size);
    this.received = this.received.slice(size);
    this.settle(status === '201' ? undefined : new Error(`${status} ${body}`));
  }

  private settle(error?: Error) {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (error) waiting?.reject(error);
    else waiting?.resolve();
  }

  close() {
    this.socket?.destroy();
  }
}

/** Every player submitting `count` times, one submission after another; the latency of each. */
async function rounds(players: { connection: Connection; head: string }[], count: number) {
  const latencies: number[] = [];
  await Promise.all(
    players.map(async ({ connection, head }) => {
      for (let round = 0; round < count; round++) {
        const body = JSON.stringify({ text: `B,1,A,1\nB,2,C,1\nM,3,4,A,5 ; try ${round}` });
        const t = wallClock();
        await connection.request(head, body);
        latencies.push(wallClock() - t);
      }
    }),
  );
  return latencies;
}

async function run(load: Load) {
  const url = new URL(load.url);
  const players = load.players.map(({ gameId, token }) => ({
    connection: new Connection(url),
    head:
      `POST /games/${gameId}/orders HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n`,
  }));
  await rounds(players, load.warmUp);
  process.send!({ ready: true } satisfies FromLoad);
  await new Promise((resolve) => process.once('message', resolve));
  const cpu = process.cpuUsage();
  const start = wallClock();
  const latencies = await rounds(players, load.rounds);
  const end = wallClock();
  const { user, system } = process.cpuUsage(cpu);
  for (const { connection } of players) connection.close();
  process.send!({ latencies, start, end, cpuMs: (user + system) / 1000 } satisfies FromLoad);
}

if (require.main === module)
  process.once('message', (load: Load) => {
    run(load).catch((e: Error) => process.send!({ error: e.stack ?? String(e) } satisfies FromLoad));
  });
