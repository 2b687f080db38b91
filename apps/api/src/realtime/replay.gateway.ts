import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { GameRuleError } from '@warpgate/engine';
import { CONFIG, RateLimitedException, RateLimiter, type Config } from '@warpgate/platform';
import type { Namespace, Socket } from 'socket.io';
import { AccessTokens } from '../accounts';
import {
  countStep,
  replayPoint,
  Replays,
  type Replay,
  type Replayed,
  type ReplayPoint,
  type ReplayUnit,
} from '../games/replay';
import { accountOf, authenticate } from './realtime.gateway';

const log = new Logger('Replay');

/** Steps a second at least: slower would overflow the timer (it then fires at once). */
const MIN_SPEED = 0.01;
/** Steps a second at most: a replay is watched, not downloaded; a turn's step folds the whole turn. */
const MAX_SPEED: Record<ReplayUnit, number> = { event: 50, turn: 5 };

function speedOf(value: unknown, unit: ReplayUnit): number {
  if (typeof value !== 'number' || !(value >= MIN_SPEED && value <= MAX_SPEED[unit]))
    throw new GameRuleError(
      'invalid',
      `speed must be a number of steps a second, from ${MIN_SPEED} to ${MAX_SPEED[unit]} by ${unit}`,
    );
  return value;
}

function unitOf(value: unknown): ReplayUnit {
  if (value !== 'turn' && value !== 'event')
    throw new GameRuleError('invalid', 'by must be "turn" or "event"');
  return value;
}

interface OpenBody {
  gameId?: unknown;
  turn?: unknown;
  event?: unknown;
  by?: unknown;
  speed?: unknown;
  empire?: unknown;
  paused?: unknown;
}

/**
 * One socket's replay: where it stands, how fast it goes. Sends `replay.step` (a ReplayStep, with
 * `view` only when it changed since the step before) at `speed` steps a second while playing, and
 * `replay.ended` when it reaches the end of the record (it then pauses), `replay.error` when the
 * store fails (it pauses too). One task at a time: a step never interleaves with a seek.
 */
class Session {
  private timer: NodeJS.Timeout | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** What the last view sent was of (see send). */
  private viewed: unknown;

  constructor(
    private readonly client: Socket,
    private readonly replays: Replays,
    private readonly open: () => Promise<Replay>,
    private replay: Replay,
    private at: Replayed,
    readonly unit: ReplayUnit,
    private speed: number,
    private playing: boolean,
  ) {
    this.send();
    this.schedule();
  }

  /** Where it stands, and whether it plays on: what each command answers. */
  get state() {
    return { revision: this.at.step.revision, playing: this.playing };
  }

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume() {
    this.playing = true;
    this.schedule();
  }

  /** Takes effect from the next step; a paused replay stays paused. */
  setSpeed(speed: number) {
    this.speed = speed;
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule();
  }

  /** The step at `point`, from the record as it is now; playing goes on from there. */
  async seek(point: ReplayPoint) {
    this.replay = await this.open();
    this.at = await this.replays.seek(this.replay, point);
    this.viewed = undefined;
    this.send();
  }

  close() {
    this.closed = true;
    this.pause();
  }

  private schedule() {
    if (!this.playing || this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run(() => this.step());
    }, 1000 / this.speed);
  }

  /** The next step; at the end of the record, once more after reading how far it goes now. */
  private async step() {
    if (!this.playing || this.closed) return;
    try {
      let next = await this.replays.next(this.replay, this.at, this.unit);
      if (!next) {
        this.replay = await this.open();
        next = await this.replays.next(this.replay, this.at, this.unit);
      }
      if (this.closed) return;
      if (!next) {
        this.pause();
        this.client.emit('replay.ended', { revision: this.at.step.revision });
        return;
      }
      this.at = next;
      this.send();
      this.schedule();
    } catch (e) {
      this.pause();
      this.client.emit('replay.error', {
        error: e instanceof GameRuleError ? e.message : 'The game could not be read: resume to try again',
      });
      if (!(e instanceof GameRuleError))
        log.error(`replay step failed: ${e instanceof Error ? e.stack : String(e)}`);
    }
  }

  private send() {
    const { step, loaded } = this.at;
    // A view is a function of the state (and of whether a turn has opened): unchanged, it is not sent again.
    const key = loaded.game.turn === 0 ? null : loaded.game.state;
    const changed = key !== this.viewed;
    this.viewed = key;
    this.client.emit(
      'replay.step',
      changed ? { ...step, view: this.replays.view(this.replay, loaded) } : step,
    );
  }
}

/**
 * Socket.IO replays in the namespace `/replay` (its handlers bound only on the sockets that replay,
 * not on every spectator's), authenticated as the main one, one per socket at a time: `replay.open {gameId, turn | event, by: 'event' |
 * 'turn', speed, empire?, paused?}` sends the step sought and plays on; then `replay.pause`,
 * `replay.resume`, `replay.speed {speed}`, `replay.seek {turn | event}`, `replay.close`. Each
 * answers `{ok, revision, playing}` or `{ok: false, error}`. A socket's replay ends when it
 * disconnects. Bounded: opens and seeks count against REPLAYS_PER_CLIENT (see Replays.count), a
 * socket opens one replay at a time, and the process plays at most REPLAY_SESSIONS.
 */
@WebSocketGateway({ namespace: '/replay', cors: { origin: true } })
export class ReplayGateway implements OnGatewayInit, OnGatewayDisconnect {
  /** The replay of each socket, by socket id. */
  readonly sessions = new Map<string, Session>();
  /** The sockets whose replay.open is under way. */
  private readonly opening = new Set<string>();

  constructor(
    private readonly tokens: AccessTokens,
    private readonly replays: Replays,
    private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  afterInit(namespace: Namespace) {
    authenticate(namespace, this.tokens);
  }

  handleDisconnect(client: Socket) {
    this.sessions.get(client.id)?.close();
    this.sessions.delete(client.id);
  }

  @SubscribeMessage('replay.open')
  open(@ConnectedSocket() client: Socket, @MessageBody() body: OpenBody | undefined) {
    return this.answer(async () => {
      if (this.opening.has(client.id))
        throw new GameRuleError('conflict', 'A replay is being opened: wait for its answer');
      this.opening.add(client.id);
      try {
        const point = replayPoint({ turn: body?.turn, event: body?.event });
        const unit = unitOf(body?.by ?? 'event');
        const speed = speedOf(body?.speed ?? 1, unit);
        const gameId = String(body?.gameId ?? '').toLowerCase();
        const empire = body?.empire === undefined ? undefined : String(body.empire);
        this.makeRoom(client);
        await this.countStep(client);
        const open = () => this.replays.open(gameId, accountOf(client), empire);
        const replay = await open();
        const at = await this.replays.seek(replay, point);
        const playing = body?.paused !== true;
        // A socket gone meanwhile has had its disconnect: nothing would end this replay.
        if (!client.connected) return { revision: at.step.revision, playing: false };
        this.makeRoom(client);
        this.sessions.get(client.id)?.close();
        const session = new Session(client, this.replays, open, replay, at, unit, speed, playing);
        this.sessions.set(client.id, session);
        return session.state;
      } finally {
        this.opening.delete(client.id);
      }
    });
  }

  @SubscribeMessage('replay.pause')
  pause(@ConnectedSocket() client: Socket) {
    return this.command(client, (s) => s.pause());
  }

  @SubscribeMessage('replay.resume')
  resume(@ConnectedSocket() client: Socket) {
    return this.command(client, (s) => s.resume());
  }

  @SubscribeMessage('replay.speed')
  speed(@ConnectedSocket() client: Socket, @MessageBody() body: { speed?: unknown } | undefined) {
    return this.command(client, (s) => s.setSpeed(speedOf(body?.speed, s.unit)));
  }

  @SubscribeMessage('replay.seek')
  seek(
    @ConnectedSocket() client: Socket,
    @MessageBody() body: { turn?: unknown; event?: unknown } | undefined,
  ) {
    return this.command(client, async (s) => {
      const point = replayPoint({ turn: body?.turn, event: body?.event });
      await this.countStep(client);
      await s.seek(point);
    });
  }

  @SubscribeMessage('replay.close')
  close(@ConnectedSocket() client: Socket) {
    this.handleDisconnect(client);
    return { ok: true };
  }

  /** See countStep: the socket's account, else the address it connected from. */
  private countStep(client: Socket) {
    return countStep(this.limiter, this.config, accountOf(client), client.handshake.address);
  }

  /** Refuses a replay past REPLAY_SESSIONS; one replacing the socket's own takes no more room. */
  private makeRoom(client: Socket) {
    if (!this.sessions.has(client.id) && this.sessions.size >= this.config.replaySessions)
      throw new GameRuleError('conflict', 'Too many replays are playing: try again later');
  }

  /** Runs `task` in the socket's replay, after what it is doing; answers with where it then stands. */
  private command(client: Socket, task: (session: Session) => unknown) {
    return this.answer(async () => {
      const session = this.sessions.get(client.id);
      if (!session) throw new GameRuleError('conflict', 'No replay is open: send replay.open first');
      await session.run(() => task(session));
      return session.state;
    });
  }

  private async answer(task: () => Promise<{ revision: number; playing: boolean }>) {
    try {
      return { ok: true, ...(await task()) };
    } catch (e) {
      if (e instanceof GameRuleError || e instanceof RateLimitedException)
        return { ok: false, error: e.message };
      log.error(`replay failed: ${e instanceof Error ? e.stack : String(e)}`);
      return { ok: false, error: 'The game could not be read: try again' };
    }
  }
}
