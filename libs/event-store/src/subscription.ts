import { EventEmitter } from 'node:events';
import { RecordedEvent, Subscription } from './event-store';

/**
 * A catch-up-then-live subscription over a store that can only be read: `next` returns the following
 * batch (empty when caught up). `signal` emits 'append' after local writes and 'close' when the store
 * closes; writes by other processes are found by polling every `pollMs`.
 */
export function pollingSubscription(
  signal: EventEmitter,
  pollMs: number,
  next: () => Promise<RecordedEvent[]>,
): Subscription {
  let stopped = false;
  let appends = 0;
  let wake: (() => void) | undefined;
  const onAppend = () => {
    appends += 1;
    wake?.();
  };
  const stop = async () => {
    stopped = true;
    wake?.();
  };

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    signal.on('append', onAppend);
    signal.once('close', stop);
    try {
      while (!stopped) {
        const seen = appends;
        const events = await next();
        for (const event of events) {
          if (stopped) return;
          yield event;
        }
        if (events.length === 0 && seen === appends && !stopped) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            timer.unref();
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      }
    } finally {
      signal.off('append', onAppend);
      signal.off('close', stop);
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      await stop();
      await iterator.return(undefined);
    },
  };
}
