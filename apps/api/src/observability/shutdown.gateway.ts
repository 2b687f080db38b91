import { BeforeApplicationShutdown } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { Metrics } from '@warpgate/platform';
import type { Server } from 'socket.io';
import { REPLAY_NAMESPACE, ServerShutdown } from '@warpgate/contracts';

/** How long a client waits before reconnecting: another api process, or this one restarted, by then. */
const RECONNECT_IN_MS = 1000;

/**
 * Counts the sockets of this api process, and on shutdown tells each (in every namespace) that it is
 * about to be disconnected; the transport closing then makes Socket.IO clients reconnect by
 * themselves (to another api process, or this one restarted), and catch up from their last position.
 */
@WebSocketGateway()
export class ShutdownGateway implements OnGatewayInit, BeforeApplicationShutdown {
  @WebSocketServer() private readonly server!: Server;

  constructor(private readonly metrics: Metrics) {}

  /** Each namespace's own sockets: a client of /replay alone never connects to / too. */
  afterInit() {
    this.metrics.onScrape('sockets', async () => {
      for (const namespace of this.namespaces())
        this.metrics.sockets.set({ namespace: namespace.name }, namespace.sockets.size);
    });
  }

  beforeApplicationShutdown() {
    const notice: ServerShutdown = { reconnectInMs: RECONNECT_IN_MS };
    // `local`: with a Redis adapter a plain emit would reach other processes' sockets too. Not
    // disconnected here: a disconnect by the server tells a client not to reconnect.
    for (const namespace of this.namespaces()) namespace.local.emit('server.shutdown', notice);
  }

  private namespaces() {
    return [this.server.of('/'), this.server.of(REPLAY_NAMESPACE)];
  }
}
