/**
 * A team's networks (issue #63, decision 0085): the public egress ranges its
 * traffic leaves from, IPv4 and IPv6 CIDRs, which a beacon's check-in must
 * come from. Parsed here by hand, in linear time and without the resolver:
 * an address is 32 or 128 bits as a bigint, a network its first address and
 * prefix length. A network is written with its host bits zero, so that what
 * an organiser reads back is what a check-in is compared with.
 */
import * as v from 'valibot';

/** Networks a team may have: a team behind a few NATs, not an address plan. */
export const MAX_NETWORKS = 32;

interface Parsed {
  family: 4 | 6;
  bits: bigint;
}

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p))) return undefined;
  return parts.reduce((sum, p) => (sum << 8n) | BigInt(Number(p)), 0n);
}

/** Eight groups of up to four hex digits, one `::` at most, and an IPv4 tail in place of the last two. */
function parseIpv6(text: string): bigint | undefined {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === undefined) return undefined;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(Number.parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  // An IPv4 tail may end only the address.
  if (halves.length === 2 && halves[0]!.includes('.')) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail].reduce((sum, g) => (sum << 16n) | BigInt(g), 0n);
}

/**
 * An address as a socket or CloudFront gives it: IPv4, IPv6 (a zone index
 * dropped), or IPv4 mapped into IPv6 (`::ffff:a.b.c.d`), which is the IPv4
 * address it maps. Undefined for anything else.
 */
export function parseAddress(text: string): Parsed | undefined {
  const bare = text.trim().replace(/%[0-9A-Za-z._-]{1,32}$/, '');
  const v4 = parseIpv4(bare);
  if (v4 !== undefined) return { family: 4, bits: v4 };
  const v6 = parseIpv6(bare);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { family: 4, bits: v6 & 0xffffffffn };
  return { family: 6, bits: v6 };
}

/** The widest network a team may have, by family. */
const MIN_PREFIX = { 4: 8, 6: 16 } as const;

const widthOf = (family: 4 | 6) => (family === 4 ? 32n : 128n);

/** A CIDR's network, or why it is not one. */
function parseNetwork(text: string): { family: 4 | 6; bits: bigint; prefix: number } | string {
  const slash = text.indexOf('/');
  if (slash < 0 || /\s/.test(text)) return 'is not a CIDR (address/prefix, as 203.0.113.0/24 or 2001:db8::/48, no spaces)';
  const addressText = text.slice(0, slash);
  const address = parseAddress(addressText);
  const prefixText = text.slice(slash + 1);
  if (!address || addressText.includes('%')) return 'does not start with an IPv4 or IPv6 address';
  // An IPv4 network spelled as IPv6 (::ffff:a.b.c.d, or its hex form) would mean another network than it seems to.
  if (address.family === 4 && addressText.includes(':')) return 'is an IPv4 network written as IPv6: write it as IPv4 (203.0.113.0/24)';
  const width = widthOf(address.family);
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText) || BigInt(prefixText) > width) return `has no prefix length between 0 and ${width}`;
  const prefix = Number(prefixText);
  // A range this wide is most of the internet: a beacon would count from anywhere.
  if (prefix < MIN_PREFIX[address.family]) return `is wider than /${MIN_PREFIX[address.family]}: a check-in from almost anywhere would count`;
  const hostBits = (1n << (width - BigInt(prefix))) - 1n;
  if ((address.bits & hostBits) !== 0n) return `has host bits set: the network is ${formatNetwork(address.family, address.bits & ~hostBits, prefix)}`;
  return { ...address, prefix };
}

function formatNetwork(family: 4 | 6, bits: bigint, prefix: number): string {
  if (family === 4) return `${[24n, 16n, 8n, 0n].map((s) => String((bits >> s) & 0xffn)).join('.')}/${prefix}`;
  const groups = Array.from({ length: 8 }, (_, i) => ((bits >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${groups.join(':')}/${prefix}`;
}

/** One network: a CIDR with its host bits zero. */
export const NetworkSchema = v.pipe(
  v.string(),
  v.maxLength(49),
  v.check(
    (text) => typeof parseNetwork(text) !== 'string',
    (issue) => `${String(issue.input)} ${String(parseNetwork(String(issue.input)))}`,
  ),
  v.description('An IPv4 or IPv6 CIDR with its host bits zero (203.0.113.0/24, 2001:db8:5::/48).'),
);

/** A team's networks: its public egress ranges, which a beacon's check-in must come from (none: it can have no beacons). */
export const NetworksSchema = v.pipe(
  v.array(NetworkSchema),
  v.maxLength(MAX_NETWORKS),
  v.description(
    `The team's public egress ranges (at most ${MAX_NETWORKS}): a red team beacon on its hosts counts only when it calls back from one. Empty: the team can have no beacons. Teams behind one shared NAT address cannot be told apart: give them none.`,
  ),
);

/** Whether two networks share an address (one holds the other). Either not a network: false. */
export function networksOverlap(a: string, b: string): boolean {
  const [x, y] = [parseNetwork(a), parseNetwork(b)];
  if (typeof x === 'string' || typeof y === 'string' || x.family !== y.family) return false;
  const shift = widthOf(x.family) - BigInt(Math.min(x.prefix, y.prefix));
  return x.bits >> shift === y.bits >> shift;
}

/**
 * Where a team's networks overlap another team's: an address in both is
 * every such team's, so a check-in from it could not be told apart
 * (decision 0085: such teams get no networks). The first found, said plainly.
 */
export function overlapWithOthers(networks: readonly string[], others: readonly { number: number; networks: readonly string[] }[]): string | undefined {
  for (const mine of networks) {
    for (const other of others) {
      const theirs = other.networks.find((n) => networksOverlap(mine, n));
      if (theirs) return `${mine} overlaps team ${other.number}'s ${theirs}: teams that share addresses cannot be told apart (give them none)`;
    }
  }
  return undefined;
}

/** Whether an address (as a socket or the CDN gives it) is in one of the networks. */
export function inNetworks(address: string, networks: readonly string[]): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return networks.some((text) => {
    const network = parseNetwork(text);
    if (typeof network === 'string' || network.family !== parsed.family) return false;
    const shift = widthOf(network.family) - BigInt(network.prefix);
    return parsed.bits >> shift === network.bits >> shift;
  });
}
