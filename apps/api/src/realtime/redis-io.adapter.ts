import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis } from '@warpgate/platform';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * Socket.IO over Redis pub/sub: rooms span every api process, and workers reach them through the
 * Redis emitter (which needs this pub/sub adapter, not the streams one).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly key: string,
  ) {
    super(app);
    this.pub = new Redis(redisUrl);
    this.sub = this.pub.duplicate();
  }

  /** Both connections up before Socket.IO subscribes with them, so a quick close finds nothing half-sent. */
  async connect() {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, { ...options, cors: { origin: true } });
    server.adapter(createAdapter(this.pub, this.sub, { key: this.key }));
    return server;
  }

  override async close(server: Server) {
    await super.close(server);
    await Promise.all([closeRedis(this.pub), closeRedis(this.sub)]);
  }
}
