import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as PbEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import {
  AllStreamPosition,
  Empty,
  StreamDeleted,
  StreamIdentifier,
  UUID,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { IStreamsServer, StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  DeleteResp,
  ReadReq,
  ReadResp,
  TombstoneResp,
} from '@eventstore/db-client/generated/streams_pb';
import { AppendOutcome, Current, EsdbLog, Expected, MAX_REVISION, ProposedEvent, StoredEvent } from './store';

/**
 * An in-memory server that speaks EventStoreDB's gRPC protocol (v1, as `@eventstore/db-client` 6.2.1
 * uses it), built on the service definitions that ship with the client. See README.md for scope.
 */
export interface EsdbTestServer {
  /** `esdb://127.0.0.1:PORT?tls=false` */
  url: string;
  log: EsdbLog;
  /** How many times each RPC was called, by method name ("BatchAppend", "Append", "Read", ...). */
  calls: Record<string, number>;
  stop(): Promise<void>;
}

export interface EsdbTestServerOptions {
  /** Advertise Streams.BatchAppend through ServerFeatures; otherwise ServerFeatures and BatchAppend are UNIMPLEMENTED. */
  batchAppend: boolean;
  /** Write a few `$` system records first, as a fresh node has (default true). */
  seedSystemEvents?: boolean;
}

type ServiceError = grpc.ServerErrorResponse;
type ReadCall = grpc.ServerWritableStream<ReadReq, ReadResp>;

const DEFAULT_SEARCH_WINDOW = 32;

export async function startEsdbTestServer(options: EsdbTestServerOptions): Promise<EsdbTestServer> {
  const log = new EsdbLog();
  if (options.seedSystemEvents ?? true) log.seedSystemEvents();
  const calls: Record<string, number> = {};
  const counted = <T extends object>(service: T): T =>
    Object.fromEntries(
      Object.entries(service).map(([name, handler]: [string, (...args: unknown[]) => void]) => [
        name,
        (...args: unknown[]) => {
          const method = name[0].toUpperCase() + name.slice(1);
          calls[method] = (calls[method] ?? 0) + 1;
          handler(...args);
        },
      ]),
    ) as T;

  const server = new grpc.Server();
  server.addService(
    ServerFeaturesService,
    counted({
      getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<SupportedMethods>) => {
        if (!options.batchAppend) return callback(unimplemented('ServerFeatures'));
        // A real server lists every method in lower case; the client matches case-insensitively.
        const methods = ['read', 'append', 'delete', 'tombstone', 'batchappend'].map((method) =>
          new SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(method),
        );
        callback(null, new SupportedMethods().setMethodsList(methods).setEventStoreServerVersion('23.10.0'));
      },
    }),
  );
  server.addService(StreamsService, counted(streamsService(log, options.batchAppend)));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    log,
    calls,
    // Subscriptions and the client's BatchAppend call never end by themselves: cut them.
    stop: async () => server.forceShutdown(),
  };
}

function streamsService(log: EsdbLog, batchAppend: boolean): IStreamsServer {
  return {
    append(call, callback) {
      let options: AppendReq.Options | undefined;
      const proposed: ProposedEvent[] = [];
      call.on('data', (req: AppendReq) => {
        if (req.hasOptions()) options = req.getOptions();
        const message = req.getProposedMessage();
        if (message) proposed.push(toProposed(message));
      });
      call.on('end', () => {
        if (!options) return callback({ code: grpc.status.INVALID_ARGUMENT, details: 'options first' });
        const name = streamName(options.getStreamIdentifier());
        const expected = toExpected(options, options.hasRevision() ? options.getRevision() : undefined);
        const outcome = log.append(name, expected, proposed);
        if (outcome.ok) return callback(null, new AppendResp().setSuccess(appendSuccess(outcome)));
        if (outcome.error === 'stream_deleted') return callback(streamDeletedError(name));
        // Append reports a wrong expected version in the response body, not as a gRPC error.
        const wrong = new AppendResp.WrongExpectedVersion();
        if (outcome.current === undefined) wrong.setCurrentNoStream(new Empty());
        else wrong.setCurrentRevision(outcome.current.toString());
        if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
        else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new Empty());
        else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
        else wrong.setExpectedAny(new Empty());
        callback(null, new AppendResp().setWrongExpectedVersion(wrong));
      });
    },

    batchAppend(call) {
      if (!batchAppend) return call.emit('error', unimplemented('BatchAppend'));
      // Requests are chunks keyed by correlation id; options come with the first, is_final with the last.
      const pending = new Map<string, { options: BatchAppendReq.Options; proposed: ProposedEvent[] }>();
      call.on('data', (req: BatchAppendReq) => {
        const correlation = uuidString(req.getCorrelationId());
        const options = req.getOptions();
        if (options) pending.set(correlation, { options, proposed: [] });
        const batch = pending.get(correlation);
        if (!batch) return;
        batch.proposed.push(...req.getProposedMessagesList().map(toProposed));
        if (!req.getIsFinal()) return;
        pending.delete(correlation);
        const identifier = batch.options.getStreamIdentifier();
        const name = streamName(identifier);
        const expected = toExpected(
          batch.options,
          batch.options.hasStreamPosition() ? batch.options.getStreamPosition() : undefined,
        );
        const resp = new BatchAppendResp()
          .setCorrelationId(req.getCorrelationId())
          .setStreamIdentifier(identifier);
        if (expected.kind === 'revision') resp.setStreamPosition(expected.revision.toString());
        else if (expected.kind === 'no_stream') resp.setNoStream(new PbEmpty());
        else if (expected.kind === 'stream_exists') resp.setStreamExists(new PbEmpty());
        else resp.setAny(new PbEmpty());
        const outcome = log.append(name, expected, batch.proposed);
        if (outcome.ok) {
          const success = new BatchAppendResp.Success();
          if (outcome.current === undefined) success.setNoStream(new PbEmpty());
          else success.setCurrentRevision(outcome.current.toString());
          if (outcome.position === undefined) success.setNoPosition(new PbEmpty());
          else success.setPosition(allPosition(new AllStreamPosition(), outcome.position));
          call.write(resp.setSuccess(success));
        } else {
          call.write(resp.setError(batchError(outcome, expected, identifier)));
        }
      });
      call.on('end', () => call.end());
    },

    read(call) {
      const options = call.request.getOptions();
      if (!options) return call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: 'no options' });
      const forwards = options.getReadDirection() === ReadReq.Options.ReadDirection.FORWARDS;
      const stream = options.getStream();
      const all = options.getAll();
      if (options.hasSubscription()) {
        if (stream) subscribeToStream(log, call, stream);
        else if (all) subscribeToAll(log, call, all, options.getFilter());
        return;
      }
      const count = Number(options.getCount());
      if (stream) readStream(log, call, stream, forwards, count);
      else if (all) readAll(log, call, all, forwards, count);
    },

    delete(call, callback) {
      const options = call.request.getOptions();
      const name = streamName(options?.getStreamIdentifier());
      const expected = toExpected(options, options?.hasRevision() ? options.getRevision() : undefined);
      removal(log.delete(name, expected), name, expected, callback, (p) =>
        new DeleteResp().setPosition(allPosition(new DeleteResp.Position(), p)),
      );
    },

    tombstone(call, callback) {
      const options = call.request.getOptions();
      const name = streamName(options?.getStreamIdentifier());
      const expected = toExpected(options, options?.hasRevision() ? options.getRevision() : undefined);
      removal(log.tombstone(name, expected), name, expected, callback, (p) =>
        new TombstoneResp().setPosition(allPosition(new TombstoneResp.Position(), p)),
      );
    },
  };
}

function readStream(
  log: EsdbLog,
  call: ReadCall,
  options: ReadReq.Options.StreamOptions,
  forwards: boolean,
  count: number,
) {
  const identifier = options.getStreamIdentifier();
  const name = streamName(identifier);
  const outcome = log.visible(name);
  if (!outcome.ok) {
    if (outcome.error === 'stream_deleted') return call.emit('error', streamDeletedError(name));
    // Not found is a normal message followed by OK, not a gRPC error.
    call.write(
      new ReadResp().setStreamNotFound(new ReadResp.StreamNotFound().setStreamIdentifier(identifier)),
    );
    return call.end();
  }
  const from = options.hasRevision() ? BigInt(options.getRevision()) : options.hasEnd() ? MAX_REVISION : 0n;
  const selected = forwards
    ? outcome.events.filter((e) => e.revision >= from)
    : outcome.events.filter((e) => e.revision <= from).reverse();
  for (const event of selected.slice(0, count)) call.write(readResp(event));
  call.end();
}

function readAll(
  log: EsdbLog,
  call: ReadCall,
  options: ReadReq.Options.AllOptions,
  forwards: boolean,
  count: number,
) {
  const from = allStart(options);
  // Forwards from a position is inclusive (client test suite); backwards is taken as exclusive (unverified).
  const selected = forwards
    ? log.all.filter((e) => e.position >= from)
    : log.all.filter((e) => e.position < from).reverse();
  for (const event of selected.slice(0, count)) call.write(readResp(event));
  call.end();
}

function subscribeToStream(log: EsdbLog, call: ReadCall, options: ReadReq.Options.StreamOptions) {
  const name = streamName(options.getStreamIdentifier());
  if (log.isTombstoned(name)) return call.emit('error', streamDeletedError(name));
  const visible = log.visible(name);
  const existing = visible.ok ? visible.events : [];
  // The start revision is exclusive; `end` means live events only.
  const after = options.hasRevision()
    ? BigInt(options.getRevision())
    : options.hasEnd()
      ? (existing.at(-1)?.revision ?? -1n)
      : -1n;
  const matches = (e: StoredEvent) => e.stream === name && e.revision > after;
  subscription(log, call, existing.filter(matches), (event) => {
    if (event.stream === name && event.type === '$streamDeleted') {
      call.emit('error', streamDeletedError(name));
      return false;
    }
    return matches(event);
  });
}

function subscribeToAll(
  log: EsdbLog,
  call: ReadCall,
  options: ReadReq.Options.AllOptions,
  filter: ReadReq.Options.FilterOptions | undefined,
) {
  // The start position is exclusive; `end` means live events only.
  const position = options.getPosition();
  const after = options.hasEnd()
    ? (log.all.at(-1)?.position ?? -1n)
    : position
      ? BigInt(position.getCommitPosition())
      : -1n;
  const catchUp = log.all.filter((e) => e.position > after);
  const matches = filter ? filterPredicate(filter) : () => true;
  // Checkpoints only for filtered subscriptions: every `multiplier × window` events considered.
  const every = filter
    ? filter.getCheckpointintervalmultiplier() * (filter.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW)
    : 0;
  let considered = 0;
  const consider = (event: StoredEvent) => {
    considered += 1;
    if (every > 0 && considered % every === 0) call.write(checkpoint(event.position));
    return matches(event);
  };
  subscription(log, call, catchUp.filter(consider), consider, () => {
    const last = log.all.at(-1);
    if (every > 0 && last) call.write(checkpoint(last.position));
  });
}

/**
 * confirmation → catch-up events → (checkpoint) → caught_up → live events until the client cancels.
 * `live` returns whether to send an event; catch-up and listener registration happen in one tick.
 */
function subscription(
  log: EsdbLog,
  call: ReadCall,
  catchUp: StoredEvent[],
  live: (event: StoredEvent) => boolean,
  caughtUp?: () => void,
) {
  call.write(
    new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())),
  );
  for (const event of catchUp) call.write(readResp(event));
  caughtUp?.();
  call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
  const onAppend = (events: StoredEvent[]) => {
    for (const event of events) if (live(event)) call.write(readResp(event));
  };
  log.appended.on('append', onAppend);
  const stop = () => log.appended.off('append', onAppend);
  call.once('cancelled', stop);
  call.once('error', stop);
  call.once('finish', stop);
}

function filterPredicate(filter: ReadReq.Options.FilterOptions): (event: StoredEvent) => boolean {
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression?.getPrefixList() ?? [];
  return (event) => {
    const value = onStream ? event.stream : event.type;
    return regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix));
  };
}

function removal<R>(
  outcome: AppendOutcome,
  name: string,
  expected: Expected,
  callback: grpc.sendUnaryData<R>,
  respond: (position: bigint) => R,
) {
  if (outcome.ok) return callback(null, respond(outcome.position!));
  if (outcome.error === 'stream_deleted') return callback(streamDeletedError(name));
  // Delete and Tombstone report a wrong expected version as a gRPC error with trailers.
  const versions: Record<Expected['kind'], string> = {
    no_stream: '-1',
    any: '-2',
    stream_exists: '-4',
    revision: '',
  };
  const trailers: Record<string, string> = {
    'stream-name': name,
    'expected-version': expected.kind === 'revision' ? expected.revision.toString() : versions[expected.kind],
  };
  if (outcome.current !== undefined) trailers['actual-version'] = outcome.current.toString();
  callback(commandError('wrong-expected-version', trailers));
}

function batchError(
  outcome: Exclude<AppendOutcome, { ok: true }>,
  expected: Expected,
  identifier?: StreamIdentifier,
) {
  const details = new Any();
  if (outcome.error === 'stream_deleted') {
    details.pack(
      new StreamDeleted().setStreamIdentifier(identifier).serializeBinary(),
      'event_store.client.StreamDeleted',
    );
  } else {
    const wrong = new WrongExpectedVersion();
    setCurrent(wrong, outcome.current);
    if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new PbEmpty());
    else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new PbEmpty());
    else wrong.setExpectedAny(new PbEmpty());
    details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  }
  return new Status().setCode(Code.FAILED_PRECONDITION).setMessage(outcome.error).setDetails(details);
}

function setCurrent(wrong: WrongExpectedVersion, current: Current) {
  if (current === undefined) wrong.setCurrentNoStream(new PbEmpty());
  else wrong.setCurrentStreamRevision(current.toString());
}

function appendSuccess(outcome: Extract<AppendOutcome, { ok: true }>) {
  const success = new AppendResp.Success();
  if (outcome.current === undefined) success.setNoStream(new Empty());
  else success.setCurrentRevision(outcome.current.toString());
  if (outcome.position === undefined) success.setNoPosition(new Empty());
  else success.setPosition(allPosition(new AppendResp.Position(), outcome.position));
  return success;
}

function readResp(event: StoredEvent): ReadResp {
  const position = event.position.toString();
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(new UUID().setString(event.id))
    .setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(event.stream, 'utf8')))
    .setStreamRevision(event.revision.toString())
    .setCommitPosition(position)
    .setPreparePosition(position)
    .setData(event.data)
    .setCustomMetadata(event.customMetadata);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', event.created.toString());
  return new ReadResp().setEvent(new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(position));
}

function checkpoint(position: bigint) {
  return new ReadResp().setCheckpoint(
    new ReadResp.Checkpoint().setCommitPosition(position.toString()).setPreparePosition(position.toString()),
  );
}

/** Our records have commit = prepare, so the commit position alone orders them. */
function allStart(options: ReadReq.Options.AllOptions): bigint {
  if (options.hasEnd()) return MAX_REVISION;
  const position = options.getPosition();
  return position ? BigInt(position.getCommitPosition()) : 0n;
}

function allPosition<P extends { setCommitPosition(v: string): P; setPreparePosition(v: string): P }>(
  message: P,
  position: bigint,
): P {
  return message.setCommitPosition(position.toString()).setPreparePosition(position.toString());
}

type ExpectedOptions = { hasNoStream(): boolean; hasAny(): boolean; hasStreamExists(): boolean };

function toExpected(options: ExpectedOptions | undefined, revision: string | undefined): Expected {
  if (options?.hasNoStream()) return { kind: 'no_stream' };
  if (options?.hasStreamExists()) return { kind: 'stream_exists' };
  if (revision !== undefined) return { kind: 'revision', revision: BigInt(revision) };
  return { kind: 'any' };
}

type Proposed = AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage;

function toProposed(message: Proposed): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: uuidString(message.getId()) || randomUUID(),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

function uuidString(uuid: UUID | undefined): string {
  const structured = uuid?.getStructured();
  if (!structured) return uuid?.getString() ?? '';
  const hex = [structured.getMostSignificantBits(), structured.getLeastSignificantBits()]
    .map((half) => BigInt.asUintN(64, BigInt(half)).toString(16).padStart(16, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function streamName(identifier: StreamIdentifier | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

/** The client maps errors by the `exception` trailer first, then by status code. */
function commandError(exception: string, fields: Record<string, string>): ServiceError {
  const metadata = new grpc.Metadata();
  metadata.set('exception', exception);
  for (const [key, value] of Object.entries(fields)) metadata.set(key, value);
  return Object.assign(new Error(exception), {
    code: grpc.status.FAILED_PRECONDITION,
    details: exception,
    metadata,
  });
}

function streamDeletedError(name: string) {
  return commandError('stream-deleted', { 'stream-name': name });
}

function unimplemented(what: string): ServiceError {
  return Object.assign(new Error(`${what} is not implemented`), {
    code: grpc.status.UNIMPLEMENTED,
    details: `${what} is not implemented`,
  });
}
