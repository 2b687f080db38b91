import { canonicalJson, eventId, stateHash, uuidV5 } from './canonical';

describe('canonicalJson and stateHash', () => {
  test('sorts keys at every depth and drops undefined properties', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([undefined, null, true, 'é"'])).toBe('[null,null,true,"é\\""]');
  });

  test('refuses what JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ when: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson(1n)).toThrow(TypeError);
  });

  test('hash ignores key order and sees every value', () => {
    expect(stateHash({ a: 1, b: [1, 2] })).toBe(stateHash({ b: [1, 2], a: 1 }));
    expect(stateHash({ a: 1, b: [1, 2] })).not.toBe(stateHash({ a: 1, b: [2, 1] }));
    expect(stateHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});

describe('uuidV5 and eventId', () => {
  test('matches the RFC 4122 reference value', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  test('event ids are stable per game, turn and index', () => {
    const id = eventId('g1', 3, 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventId('g1', 3, 0)).toBe(id);
    expect(new Set([id, eventId('g1', 3, 1), eventId('g1', 4, 0), eventId('g2', 3, 0)]).size).toBe(4);
  });
});
