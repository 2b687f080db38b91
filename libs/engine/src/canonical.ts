import { createHash } from 'node:crypto';

/** Printable ASCII but `"` and `\`: what JSON writes as it is, between quotes. */
const PLAIN = /^[ !#-[\]-~]*$/;

/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does) and no
 * whitespace, so equal values always give equal text. Like JSON.stringify, properties whose value
 * is undefined are left out; non-finite numbers and non-plain values are refused, since they could
 * not survive a round trip through the event store.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return PLAIN.test(value) ? '"' + value + '"' : JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not JSON`);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let json = '[';
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          json += (i === 0 ? '' : ',') + (v === undefined ? 'null' : canonicalJson(v));
        }
        return json + ']';
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) break;
      let json = '{';
      for (const key of Object.keys(value).sort()) {
        const v = (value as Record<string, unknown>)[key];
        if (v !== undefined)
          json += (json.length === 1 ? '' : ',') + canonicalJson(key) + ':' + canonicalJson(v);
      }
      return json + '}';
    }
  }
  throw new TypeError(`canonicalJson: a ${typeof value} is not plain JSON`);
}

/** SHA-256 (hex) of the canonical JSON of a state: equal states, equal hashes, on every machine. */
export const stateHash = (state: unknown): string =>
  createHash('sha256').update(canonicalJson(state), 'utf8').digest('hex');

/** RFC 4122 name-based UUID, version 5 (SHA-1). */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new TypeError(`uuidV5: bad namespace ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Fixed namespace of Warpgate's derived event ids (a random v4 UUID, chosen once). */
export const EVENT_ID_NAMESPACE = '6f0c2b8e-4d1a-4c57-9a43-2e5b7d9c1f08';

/**
 * The id of the `index`-th event a resolution of `turn` appends: a retried append reuses it. The
 * resolution after the turn's `voids`-th void (see TurnVoided) has ids of its own.
 */
export const eventId = (gameId: string, turn: number, index: number, voids = 0): string =>
  uuidV5(`${gameId}/${turn}/${index}${voids ? `/${voids}` : ''}`, EVENT_ID_NAMESPACE);
