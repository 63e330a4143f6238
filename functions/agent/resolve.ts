import { promises as dns } from 'node:dns';
import { readFileSync } from 'node:fs';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FailureCategory } from '#shared/domain/scoring/failure';

/** Turns a service's host name into the address its check connects to. */
export type HostResolver = (host: string) => Promise<{ address: string } | { error: string; category: FailureCategory }>;

/** The addresses an agent may reach (its allow-list), and how to say them. */
export interface AllowedRanges {
  has(address: string): boolean;
  text: string;
}

/** Local mode's list: loopback only, so nothing a competition file names leaves this machine. */
export const LOOPBACK_RANGES = '127.0.0.0/8';

/**
 * An allow-list of target ranges: CIDR blocks (IPv4 or IPv6) separated by
 * commas, such as `10.20.0.0/16,127.0.0.0/8`; `0.0.0.0/0` lets every IPv4
 * address through. A reason when the text is not such a list.
 */
export function allowedRanges(text: string): AllowedRanges | { error: string } {
  const list = new BlockList();
  const blocks = text.split(',').map((block) => block.trim());
  for (const block of blocks) {
    const match = /^([0-9a-fA-F.:]+)\/(\d{1,3})$/.exec(block);
    const family = match && isIPv4(match[1]!) ? 'ipv4' : match && isIPv6(match[1]!) ? 'ipv6' : undefined;
    if (!match || !family || Number(match[2]) > (family === 'ipv4' ? 32 : 128)) return { error: `"${block}" is not a CIDR block such as 10.20.0.0/16` };
    list.addSubnet(match[1]!, Number(match[2]), family);
  }
  return { has: (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6'), text: blocks.join(', ') };
}

/**
 * Only addresses on the agent's allow-list are ever contacted: a definition
 * pointing elsewhere fails as the agent's error, not the team's. The address
 * is checked after resolution (a literal too) and before any packet is sent.
 */
export function withinRanges(ranges: AllowedRanges, resolver: HostResolver): HostResolver {
  return async (host) => {
    const resolved = await resolver(host);
    if ('address' in resolved && !ranges.has(resolved.address)) {
      return { error: `target ${resolved.address} outside the agent's allowed ranges (${ranges.text})`, category: 'agent error' };
    }
    return resolved;
  };
}

export const isLoopback = (address: string) => isIPv4(address) && address.startsWith('127.');

/** Local mode: nothing outside 127.0.0.0/8 is ever contacted. */
export const loopbackOnly = (resolver: HostResolver): HostResolver => withinRanges(allowedRanges(LOOPBACK_RANGES) as AllowedRanges, resolver);

/** Literal IPv4 addresses resolve to themselves; names go to `names`. */
export function withLiterals(names: HostResolver): HostResolver {
  return (host) => (isIPv4(host) ? Promise.resolve({ address: host }) : names(host));
}

/** A hosts file (`address name [name…]` per line, `#` comments), read once. */
export function hostsFileResolver(file: string): HostResolver {
  const table = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address || !isIPv4(address)) continue;
    for (const name of names) if (!table.has(name.toLowerCase())) table.set(name.toLowerCase().replace(/\.$/, ''), address);
  }
  return async (host) => {
    const address = table.get(host.toLowerCase().replace(/\.$/, ''));
    return address ? { address } : { category: 'dns', error: `cannot resolve ${host}: not in the hosts file` };
  };
}

/** A DNS server of our choosing (the competition's zones on loopback), never the system resolver. */
export function dnsServerResolver(server: string, timeoutMs = 2000): HostResolver {
  const resolver = new dns.Resolver({ timeout: timeoutMs, tries: 2 });
  resolver.setServers([server]);
  return async (host) => {
    try {
      const [address] = await resolver.resolve4(host);
      return address ? { address } : { category: 'dns', error: `cannot resolve ${host}: no A record` };
    } catch (error) {
      const code = (error as { code?: string }).code;
      const reason = code === 'ENOTFOUND' ? 'NXDOMAIN' : code === 'ENODATA' ? 'no A record' : (code ?? 'error');
      return { category: 'dns', error: `cannot resolve ${host}: ${reason} in the competition's DNS` };
    }
  };
}

/** In AWS: the VPC's (or Lambda's) resolver. */
export const systemResolver: HostResolver = async (host) => {
  try {
    const { address } = await dns.lookup(host, { family: 4 });
    return { address };
  } catch (error) {
    return { category: 'dns', error: `cannot resolve ${host}: ${(error as { code?: string }).code ?? 'error'}` };
  }
};

/** One lookup per host name per round. */
export function cachedPerRound(resolver: HostResolver): HostResolver {
  const cache = new Map<string, ReturnType<HostResolver>>();
  return (host) => {
    const key = host.toLowerCase();
    let found = cache.get(key);
    if (!found) cache.set(key, (found = resolver(key)));
    return found;
  };
}
