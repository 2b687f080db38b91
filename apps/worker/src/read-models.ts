import { Inject, Injectable } from '@nestjs/common';
import type { GameSummary } from '@warpgate/engine';
import { CONFIG, Config, REDIS } from '@warpgate/platform';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';

/**
 * KEYS: the epoch, the index of games, then the keys to set; ARGV: the epoch the writer holds, the
 * values to set, then for each new game its creation time and id. Writes nothing for another epoch.
 */
const WRITE = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
for i = 3, #KEYS do redis.call('set', KEYS[i], ARGV[i - 1]) end
for i = #KEYS, #ARGV - 1, 2 do redis.call('zadd', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1`;

/** A game's summary after some events, and its creation time when one of them created it. */
export interface GameChange {
  game: GameSummary;
  createdAt?: number;
}

export interface GameFilter {
  status?: string;
  ruleset?: string;
  /** Only games this account plays in. */
  player?: string;
}

/**
 * The read models, in Redis: lobby summaries and the checkpoint
 * of the projection that writes them. All of it can be thrown away and rebuilt from the store. An
 * epoch, set when they are started from nothing, tells they are whole: Redis restarted empty has none.
 */
@Injectable()
export class ReadModels {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: Config,
  ) {
    this.prefix = `${config.redisPrefix}:rm:`;
  }

  private key(...parts: string[]) {
    return this.prefix + parts.join(':');
  }

  async games(filter: GameFilter = {}): Promise<GameSummary[]> {
    const ids = await this.redis.zrevrange(this.key('games'), 0, -1);
    const summaries = ids.length ? await this.redis.mget(ids.map((id) => this.key('game', id))) : [];
    return summaries
      .flatMap((json) => (json ? [JSON.parse(json) as GameSummary] : []))
      .filter(
        (g) =>
          (!filter.status || g.status === filter.status) &&
          (!filter.ruleset || g.ruleset === filter.ruleset) &&
          (!filter.player || g.players.some((p) => p.id === filter.player)),
      );
  }

  /**
   * Applies the changes of the events up to `position` and moves the checkpoint past them, in one
   * script that writes only while the read models are still those of `epoch`: in a Redis that lost
   * them, nothing is written.
   */
  async write(epoch: string, position: bigint, changes: GameChange[]) {
    const sets: [string, string][] = [[this.key('checkpoint'), position.toString()]];
    for (const { game } of changes) sets.push([this.key('game', game.id), JSON.stringify(game)]);
    const created = changes.flatMap(({ game, createdAt }) => (createdAt ? [createdAt, game.id] : []));
    const written = await this.redis.eval(
      WRITE,
      2 + sets.length,
      this.key('epoch'),
      this.key('games'),
      ...sets.map(([key]) => key),
      epoch,
      ...sets.map(([, value]) => value),
      ...created,
    );
    if (!written) throw new Error('The read models are gone from Redis (restarted empty?): rebuilding them');
  }

  /**
   * Where the projection stands: the epoch of the read models and the position they include. None
   * when Redis lost them (or never had them): without their epoch, they must be built from nothing.
   */
  async checkpoint(): Promise<{ epoch: string; position?: bigint } | undefined> {
    const [epoch, position] = await this.redis.mget(this.key('epoch'), this.key('checkpoint'));
    if (epoch === null) return undefined;
    return { epoch, position: position === null ? undefined : BigInt(position) };
  }

  /** Forgets everything and starts a new epoch, for a projection from the first event. */
  async clear(): Promise<string> {
    // The old epoch goes first: whoever still writes with it writes nothing from then on.
    await this.redis.del(this.key('epoch'));
    const keys = await this.redis.keys(`${this.prefix}*`);
    if (keys.length) await this.redis.del(...keys);
    const epoch = randomUUID();
    await this.redis.set(this.key('epoch'), epoch);
    return epoch;
  }
}
