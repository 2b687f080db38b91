import { stateHash } from '../canonical';
import type { RulesetEvent } from '../ruleset';
import { isOutdated, upcast, withMetadata } from './versions';

/** A ruleset whose `toy.Moved` went from {to} (schema 1) to {where} (schema 2). */
const toy = {
  eventVersions: { 'toy.Moved': 2, 'toy.Waited': 1 },
  upcast: (event: RulesetEvent, version: number): RulesetEvent =>
    event.type === 'toy.Moved' && version === 1
      ? { type: 'toy.Moved', data: { where: (event.data as { to: number }).to } }
      : event,
};
const stored = (type: string, data: unknown, schemaVersion?: number) => ({
  type,
  data,
  revision: 3,
  time: new Date(0),
  ...(schemaVersion === undefined ? {} : { metadata: { actor: 'system', schemaVersion } }),
});

it('stamps every event with the schema version of its type, and refuses a type without one', () => {
  const metadata = {
    actor: 'system',
    correlationId: 'c',
    schemaVersion: 1,
    time: '2030-01-01T00:00:00.000Z',
  };
  const events = withMetadata(toy, [stored('toy.Moved', {}), stored('ReportIssued', {})], metadata);
  expect(events.map((e) => e.metadata)).toEqual([
    { ...metadata, schemaVersion: 2 },
    { ...metadata, schemaVersion: 3 },
  ]);
  expect(withMetadata(toy, [stored('TurnOpened', {})], metadata)[0].metadata.schemaVersion).toBe(1);
  expect(() => withMetadata(toy, [stored('toy.Unknown', {})], metadata)).toThrow(
    'Event type toy.Unknown has no schema version',
  );
});

it("upcasts a ruleset's old shapes and the platform's, once; current and unstamped events stay", () => {
  const moved = upcast(toy, stored('toy.Moved', { to: 7 }, 1));
  expect(moved).toMatchObject({
    type: 'toy.Moved',
    data: { where: 7 },
    revision: 3,
    metadata: { schemaVersion: 2 },
  });
  expect(moved.metadata).toMatchObject({ schemaVersion: 2, upcastFrom: 1 });
  expect(isOutdated(toy, moved)).toBe(true);
  expect(upcast(toy, moved)).toBe(moved);

  const report = { turn: 2, data: { planets: [1, 2] }, text: 'Report', notices: [] };
  expect(upcast(toy, stored('ReportIssued', { turn: 1, playerId: 'p1', report }, 1)).data).toEqual({
    turn: 1,
    playerId: 'p1',
    hash: stateHash(report),
    format: 1,
  });
  // Schema 2 kept the hash, not the format: older than the first recorded one.
  expect(upcast(toy, stored('ReportIssued', { turn: 1, playerId: 'p1', hash: 'h' }, 2)).data).toEqual({
    turn: 1,
    playerId: 'p1',
    hash: 'h',
    format: 1,
  });

  for (const event of [
    stored('toy.Moved', { where: 1 }, 2),
    stored('toy.Moved', { where: 1 }),
    stored('toy.Gone', {}, 1),
  ])
    expect(upcast(toy, event)).toBe(event);
});

it('reads an OrdersSubmitted of schema 1 with its orders, without the infos', () => {
  const orders = [{ type: 'build', world: 3, item: 'A', econ: 1, line: 1 }];
  const warning = { line: 2, severity: 'warning', message: 'econ reduced' };
  const v1 = {
    turn: 2,
    playerId: 'p1',
    submissionId: 's1',
    text: 'B,3,A,1\nB,3,A,9',
    orders,
    diagnostics: [{ line: 1, severity: 'info', message: 'accepted: B,3,A,1' }, warning],
    ready: true,
  };
  expect(upcast(toy, stored('OrdersSubmitted', v1, 1)).data).toEqual({ ...v1, diagnostics: [warning] });
});
