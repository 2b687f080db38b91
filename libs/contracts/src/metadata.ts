/** Metadata on every event Warpgate appends. */
export type EventMetadata = {
  /** Account id, or 'system' / 'config' for what the platform does by itself. */
  actor: string;
  correlationId: string;
  causationId?: string;
  /** The version of its type's shape it was written with (see the engine's withMetadata, upcast). */
  schemaVersion: number;
  time: string;
};

/** Schema version 1: account events, and game events until the engine sets each one's (withMetadata). */
export function eventMetadata(actor: string, correlationId: string, causationId?: string): EventMetadata {
  return {
    actor,
    correlationId,
    ...(causationId ? { causationId } : {}),
    schemaVersion: 1,
    time: new Date().toISOString(),
  };
}
