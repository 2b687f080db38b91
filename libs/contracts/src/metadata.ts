/** Metadata on every event Warpgate appends. */
export type EventMetadata = {
  /** Account id, or 'system' / 'config' for what the platform does by itself. */
  actor: string;
  correlationId: string;
  causationId?: string;
  schemaVersion: number;
  time: string;
};

export function eventMetadata(actor: string, correlationId: string, causationId?: string): EventMetadata {
  return {
    actor,
    correlationId,
    ...(causationId ? { causationId } : {}),
    schemaVersion: 1,
    time: new Date().toISOString(),
  };
}
