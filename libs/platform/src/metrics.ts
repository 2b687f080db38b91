import { Injectable, Logger } from '@nestjs/common';
import {
  DelegatingEventStore,
  type EventStore,
  type JsonObject,
  WrongExpectedVersionError,
} from '@warpgate/event-store';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withinProbeTimeout } from './health';

/**
 * Every figure a process exposes at /metrics (Prometheus text), in one registry: the api and the
 * worker in one process (`--with-worker`) share it. Figures that are read rather than counted
 * (queue depth, projector lag) are set by the probes their owners add, just before each scrape.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly probes: { name: string; probe: () => Promise<void> }[] = [];
  private readonly registers = [this.registry];

  readonly httpRequests = new Counter({
    name: 'warpgate_http_requests_total',
    help: 'HTTP requests answered, by route (the pattern, not the path) and status',
    labelNames: ['method', 'route', 'status'],
    registers: this.registers,
  });
  readonly httpDuration = new Histogram({
    name: 'warpgate_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['method', 'route'],
    registers: this.registers,
  });
  readonly appends = new Counter({
    name: 'warpgate_store_appends_total',
    help: 'Appends to the event store: ok, conflict (the expected revision was not the stream’s) or failed',
    labelNames: ['outcome'],
    registers: this.registers,
  });
  readonly appendDuration = new Histogram({
    name: 'warpgate_store_append_duration_seconds',
    help: 'Time an append to the event store took, whatever its outcome',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: this.registers,
  });
  readonly turnResolution = new Histogram({
    name: 'warpgate_turn_resolution_seconds',
    help: 'Time to resolve a turn (fold, resolve, append), by ruleset',
    labelNames: ['ruleset'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: this.registers,
  });
  readonly jobFailures = new Counter({
    name: 'warpgate_job_failures_total',
    help: 'Turn job attempts that failed (each is retried), by kind: close, resolve, remind',
    labelNames: ['kind'],
    registers: this.registers,
  });
  readonly queueJobs = new Gauge({
    name: 'warpgate_queue_jobs',
    help: 'Turn jobs in the queue, by state: waiting, active, delayed (deadlines and reminders to come)',
    labelNames: ['state'],
    registers: this.registers,
  });
  readonly projectorLag = new Gauge({
    name: 'warpgate_projector_lag_events',
    help: `Game events in the store the read models do not include yet (counted up to ${LAG_COUNTED})`,
    registers: this.registers,
  });
  readonly sockets = new Gauge({
    name: 'warpgate_sockets_connected',
    help: 'Socket.IO connections to this api process, by namespace: / and /replay',
    labelNames: ['namespace'],
    registers: this.registers,
  });
  readonly probeUp = new Gauge({
    name: 'warpgate_scrape_probe_up',
    help: 'Whether a probe read its figures for this scrape (1) or failed or timed out (0: they are older), by probe',
    labelNames: ['probe'],
    registers: this.registers,
  });
  readonly pushes = new Counter({
    name: 'warpgate_pushes_sent_total',
    help: 'Pushes published for the api processes to deliver, by event name',
    labelNames: ['name'],
    registers: this.registers,
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * `probe` sets its figures before each scrape; one that fails, or hangs (Redis down), leaves them as
   * they were and the scrape answers with what it has.
   */
  onScrape(name: string, probe: () => Promise<void>) {
    this.probes.push({ name, probe });
  }

  async text(): Promise<string> {
    await Promise.all(
      this.probes.map(({ name, probe }) =>
        withinProbeTimeout(probe).then(
          () => this.probeUp.set({ probe: name }, 1),
          () => this.probeUp.set({ probe: name }, 0),
        ),
      ),
    );
    return this.registry.metrics();
  }
}

/** A projection further behind than this shows as this: counting costs a read of that many events. */
export const LAG_COUNTED = 1000;

/**
 * The event store, timing and counting appends; each append that succeeds is logged with its game (or
 * account) stream and correlation id, and the types of its events (never their data).
 */
export class MeteredEventStore extends DelegatingEventStore {
  private readonly log = new Logger('EventStore');

  constructor(
    store: EventStore,
    private readonly metrics: Metrics,
  ) {
    super(store);
  }

  override async append(...args: Parameters<EventStore['append']>) {
    const [stream, events] = args;
    const end = this.metrics.appendDuration.startTimer();
    try {
      const result = await super.append(...args);
      this.metrics.appends.inc({ outcome: 'ok' });
      const metadata = events[0]?.metadata as JsonObject | undefined;
      this.log.log({
        msg: 'appended',
        ...(stream.startsWith('game-') ? { gameId: stream.slice('game-'.length) } : { stream }),
        correlationId: metadata?.correlationId,
        revision: result.revision,
        types: events.map((e) => e.type),
      });
      return result;
    } catch (e) {
      this.metrics.appends.inc({ outcome: e instanceof WrongExpectedVersionError ? 'conflict' : 'failed' });
      throw e;
    } finally {
      end();
    }
  }
}
