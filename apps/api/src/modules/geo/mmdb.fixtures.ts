// Test helper: writes a tiny MaxMind DB (MMDB v2, IPv4, 24-bit records) so the GeoIP path of
// /api/userlocation/ is tested with the real `maxmind` reader and no downloaded database.
// Format: https://maxmind.github.io/MaxMind-DB/ (search tree, 16-byte separator, data section,
// metadata after the "\xAB\xCD\xEFMaxMind.com" marker).

class UInt {
  readonly type: 5 | 6 | 9;
  readonly value: bigint;
  constructor(type: 5 | 6 | 9, value: number | bigint) {
    this.type = type;
    this.value = BigInt(value);
  }
}

type MmdbValue = string | number | boolean | UInt | MmdbValue[] | { [key: string]: MmdbValue };

function control(type: number, size: number): Buffer {
  let sizeBits: number;
  let extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) [sizeBits, extra] = [29, [size - 29]];
  else if (size < 65_821) [sizeBits, extra] = [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  else [sizeBits, extra] = [31, [((size - 65_821) >> 16) & 0xff, ((size - 65_821) >> 8) & 0xff, (size - 65_821) & 0xff]];
  // Types above 7 are "extended": type bits 0 and the type minus 7 in the next byte.
  return type <= 7 ? Buffer.from([(type << 5) | sizeBits, ...extra]) : Buffer.from([sizeBits, type - 7, ...extra]);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), bytes]);
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (value instanceof UInt) {
    const bytes: number[] = [];
    for (let v = value.value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
    return Buffer.concat([control(value.type, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

export interface FixtureNetwork {
  /** An IPv4 network address, e.g. '203.0.113.0'. */
  network: string;
  prefix: number;
  record: { [key: string]: MmdbValue };
}

type Child = number | { data: number } | null;

/** Builds the bytes of an IPv4 GeoIP City-like database holding the given networks. */
export function buildMmdb(networks: FixtureNetwork[]): Buffer {
  const nodes: Array<[Child, Child]> = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const net of networks) {
    const encoded = encode(net.record);
    const leaf = { data: dataLength };
    data.push(encoded);
    dataLength += encoded.length;
    const ip = net.network.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
    let node = 0;
    for (let depth = 0; depth < net.prefix; depth += 1) {
      const bit = Number((ip >> BigInt(31 - depth)) & 1n) as 0 | 1;
      if (depth === net.prefix - 1) {
        nodes[node]![bit] = leaf;
        break;
      }
      const next = nodes[node]![bit];
      if (typeof next === 'number') {
        node = next;
      } else {
        nodes.push([null, null]);
        nodes[node]![bit] = nodes.length - 1;
        node = nodes.length - 1;
      }
    }
  }
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  const recordValue = (child: Child) => (child === null ? nodeCount : typeof child === 'number' ? child : nodeCount + 16 + child.data);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordValue(left), i * 6, 3);
    tree.writeUIntBE(recordValue(right), i * 6 + 3, 3);
  });
  const metadata = encode({
    binary_format_major_version: new UInt(5, 2),
    binary_format_minor_version: new UInt(5, 0),
    build_epoch: new UInt(9, 1_700_000_000),
    database_type: 'GeoLite2-City',
    description: { en: 'Test fixture' },
    ip_version: new UInt(5, 4),
    languages: ['en'],
    node_count: new UInt(6, nodeCount),
    record_size: new UInt(5, 24),
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com'), metadata]);
}

/** A GeoIP2 City record for a US city. */
export function usCityRecord(city: string, state: string, lat: number, lng: number): { [key: string]: MmdbValue } {
  return {
    city: { names: { en: city } },
    country: { iso_code: 'US', names: { en: 'United States' } },
    location: { latitude: lat, longitude: lng, accuracy_radius: new UInt(5, 20) },
    subdivisions: [{ iso_code: state, names: { en: state } }],
  };
}
