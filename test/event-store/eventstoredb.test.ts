import { EventStoreDbEventStore } from '@warpgate/event-store';
import { describeEventStoreContract, take } from '../../libs/event-store/src/event-store.contract';
import { startEsdbTestServer } from '../esdb-server/server';

for (const batchAppend of [true, false]) {
  describeEventStoreContract(
    `EventStoreDB adapter → test server (${batchAppend ? 'BatchAppend' : 'Append'})`,
    async () => {
      const server = await startEsdbTestServer({ batchAppend });
      const store = new EventStoreDbEventStore(server.url);
      return {
        store,
        close: async () => {
          await store.close();
          await server.stop();
        },
      };
    },
  );
}

const realServer = process.env.ESDB_TEST_URL;
if (realServer) {
  describeEventStoreContract('EventStoreDB adapter → ESDB_TEST_URL', async () => {
    const store = new EventStoreDbEventStore(realServer);
    return { store, close: () => store.close() };
  });
} else {
  describe('EventStoreDB adapter → ESDB_TEST_URL', () => {
    it.skip('runs the contract against a real server when ESDB_TEST_URL is set', () => undefined);
  });
}

describe('EventStoreDB adapter beyond the contract', () => {
  it('stop() and close() cancel the gRPC subscription on the server, not just the iteration', async () => {
    const server = await startEsdbTestServer({ batchAppend: true });
    const store = new EventStoreDbEventStore(server.url);
    const listening = () => server.log.appended.listenerCount('append');
    const until = async (condition: () => boolean, what: string) => {
      const deadline = Date.now() + 5_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    try {
      await store.append('game-1', [{ type: 'Tested', data: {} }]);
      const stopped = store.subscribeToStream('game-1');
      const open = store.subscribeToAll();
      expect(await take(stopped, 1)).toHaveLength(1);
      expect(await take(open, 1)).toHaveLength(1);
      expect(listening()).toBe(2);
      await stopped.stop();
      await until(() => listening() === 1, 'stop() to cancel its call');
      await store.close();
      await until(() => listening() === 0, 'close() to cancel the open subscription');
    } finally {
      await server.stop();
    }
  });
});
