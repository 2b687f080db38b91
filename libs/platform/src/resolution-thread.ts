import type { GameEventMap } from '@warpgate/contracts';
import { type Game, type Report, type ResolvedEvent, resolveClosedTurn } from '@warpgate/engine';
import { getRuleset } from '@warpgate/rulesets';
import { extname } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ByteLru } from './byte-lru';

interface Request {
  id: number;
  ruleset: string;
  game: Game;
}

/** `reports`: the JSON of each report the resolution issued, by the hash its ReportIssued records. */
type Reply =
  | { id: number; events: ResolvedEvent[]; reports: Record<string, string> }
  | { id: number; error: { message: string; stack?: string } };

/**
 * The reports kept for `built`, at most (JSON): they wait only from a resolution to its projection,
 * and only a process that projects takes them.
 */
const BUILT_BYTES = 16 * 1024 * 1024;

/** Marks the thread this module starts, so that it serves resolutions only there. */
const ROLE = 'warpgate-resolution';

interface Pending {
  resolve: (events: ResolvedEvent[]) => void;
  reject: (error: Error) => void;
}

/**
 * Resolves closed turns in a thread of their own: a long resolution (a big Galaxy turn) on the
 * event loop would stop the renewal of the job locks and the projection lease, and other workers
 * would take over what this one is still doing. One thread, started by `start` or on first use,
 * resolves one turn after the other; if it dies, what it had to do fails (the job is retried) and
 * the next resolution starts a new one.
 */
export class ResolutionThread {
  private thread?: { worker: Worker; pending: Map<number, Pending> };
  private nextId = 0;
  private readonly reports = new ByteLru<string>(BUILT_BYTES);

  /**
   * `timeoutMs`: a resolution that runs longer (a rules bug looping forever) stops the thread and
   * fails, so that the job is retried and later resolutions are not stuck behind it.
   */
  constructor(private readonly timeoutMs = 10 * 60_000) {}

  /** Starts the thread now: it loads every ruleset, which the first resolution would otherwise wait for. */
  start() {
    return this.thread ?? this.spawn();
  }

  resolve(ruleset: string, game: Game): Promise<ResolvedEvent[]> {
    const { worker, pending } = this.start();
    const id = this.nextId++;
    return new Promise<ResolvedEvent[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending
          .get(id)
          ?.reject(
            new Error(`Resolving game ${game.id} turn ${game.turn} took over ${this.timeoutMs} ms: stopped`),
          );
        pending.delete(id);
        void worker.terminate();
      }, this.timeoutMs);
      const settled = () => clearTimeout(timer);
      pending.set(id, {
        resolve: (events) => (settled(), resolve(events)),
        reject: (e) => (settled(), reject(e)),
      });
      // Keeps the process alive only while it waits for the thread.
      worker.ref();
      worker.postMessage({ id, ruleset, game } satisfies Request);
    });
  }

  /**
   * The report a resolution here issued with `hash` (see ReportIssued), once: the projection pushes
   * it without building it again.
   */
  built(hash: string): Report<unknown> | undefined {
    const json = this.reports.get(hash);
    if (json === undefined) return undefined;
    this.reports.delete(hash);
    return JSON.parse(json) as Report<unknown>;
  }

  /** What the thread still had to do fails at once: a reply racing the stop is not waited for. */
  async close() {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    for (const waiting of thread.pending.values()) waiting.reject(new Error('The resolution thread stopped'));
    thread.pending.clear();
    await thread.worker.terminate();
  }

  private spawn() {
    // From TypeScript sources (jest, scripts run with @swc-node/register) the thread compiles them too.
    const typescript = extname(__filename) === '.ts';
    const worker = new Worker(__filename, {
      workerData: ROLE,
      execArgv: typescript ? ['-r', '@swc-node/register'] : undefined,
    });
    worker.unref();
    const thread = { worker, pending: new Map<number, Pending>() };
    let failure = new Error('The resolution thread stopped');
    worker.on('message', (reply: Reply) => {
      const waiting = thread.pending.get(reply.id);
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if ('error' in reply)
        waiting?.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else {
        for (const [hash, json] of Object.entries(reply.reports)) this.reports.set(hash, json, json.length);
        waiting?.resolve(reply.events);
      }
    });
    worker.on('error', (e) => (failure = e));
    worker.on('exit', () => {
      if (this.thread === thread) this.thread = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(failure);
    });
    this.thread = thread;
    return thread;
  }
}

if (!isMainThread && workerData === ROLE) {
  parentPort!.on('message', ({ id, ruleset, game }: Request) => {
    let reply: Reply;
    try {
      const rules = getRuleset(ruleset);
      // The reports the resolution builds to hash them, kept for the push (see built).
      const built = new Map<string, Report<unknown>>();
      const keeping: typeof rules = Object.create(rules);
      keeping.report = (state, playerId) => {
        const report = rules.report(state, playerId);
        if (report) built.set(playerId, report);
        return report;
      };
      const events = resolveClosedTurn(keeping, game);
      const reports: Record<string, string> = {};
      for (const { type, data } of events)
        if (type === 'ReportIssued') {
          const { playerId, hash } = data as GameEventMap['ReportIssued'];
          reports[hash] = JSON.stringify(built.get(playerId));
        }
      reply = { id, events, reports };
    } catch (e) {
      const { message, stack } = e instanceof Error ? e : new Error(String(e));
      reply = { id, error: { message, stack } };
    }
    parentPort!.postMessage(reply);
  });
}
