export { EventStoreDbEventStore, decodePosition, encodePosition } from './eventstoredb-event-store';
