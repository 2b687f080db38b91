import { Inject, Injectable } from '@nestjs/common';
import type { GameSummary } from '@warpgate/engine';
import { CONFIG, Config, REDIS } from '@warpgate/platform';
import Redis from 'ioredis';

export interface GameFilter {
  status?: string;
  ruleset?: string;
  /** Only games this account plays in. */
  player?: string;
}

/**
 * The read models, in Redis: lobby summaries, the latest report of each player, and the checkpoint
 * of the projection that writes them. All of it can be thrown away and rebuilt from the store.
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

  async latestReport(gameId: string, playerId: string): Promise<unknown> {
    const json = await this.redis.get(this.key('report', gameId, playerId));
    return json && JSON.parse(json);
  }

  /** Applies one event's changes and moves the checkpoint past it, in one transaction. */
  async write(
    position: bigint,
    changes: {
      game?: GameSummary;
      createdAt?: number;
      report?: { gameId: string; playerId: string; report: unknown };
    },
  ) {
    const tx = this.redis.multi();
    if (changes.game) tx.set(this.key('game', changes.game.id), JSON.stringify(changes.game));
    if (changes.game && changes.createdAt) tx.zadd(this.key('games'), changes.createdAt, changes.game.id);
    if (changes.report) {
      const { gameId, playerId, report } = changes.report;
      tx.set(this.key('report', gameId, playerId), JSON.stringify(report));
    }
    tx.set(this.key('checkpoint'), position.toString());
    await tx.exec();
  }

  async checkpoint(): Promise<bigint | undefined> {
    const value = await this.redis.get(this.key('checkpoint'));
    return value === null ? undefined : BigInt(value);
  }

  /** Forgets everything, so the projection starts again from the first event. */
  async clear() {
    const keys = await this.redis.keys(`${this.prefix}*`);
    if (keys.length) await this.redis.del(...keys);
  }
}
