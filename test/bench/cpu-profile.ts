/**
 * Preloaded (see profiled in stats.ts) into the processes a bench starts when BENCH_CPU_PROF names a
 * folder, as --cpu-prof is not allowed in NODE_OPTIONS: profiles the main thread and writes
 * <pid>.cpuprofile there when the process is told to stop (SIGTERM).
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

// The preload reaches worker threads too (NODE_OPTIONS), whose profilers nobody would stop or write.
if (isMainThread) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.prependOnceListener('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          join(process.env.BENCH_CPU_PROF!, `${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      // Nobody else stops the process: it stops as it would have without this listener.
      if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
    });
  });
}
