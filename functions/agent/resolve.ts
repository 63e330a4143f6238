import { promises as dns } from 'node:dns';
import { readFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import type { FailureCategory } from '#shared/domain/scoring/failure';

/** Turns a service's host name into the address its check connects to. */
export type HostResolver = (host: string) => Promise<{ address: string } | { error: string; category: FailureCategory }>;

const NOT_LOOPBACK = 'target outside loopback (local mode)';

export const isLoopback = (address: string) => isIPv4(address) && address.startsWith('127.');

/**
 * Local mode: nothing outside 127.0.0.0/8 is ever contacted. The address is
 * checked after resolution and before any packet is sent to the target.
 */
export function loopbackOnly(resolver: HostResolver): HostResolver {
  return async (host) => {
    const resolved = await resolver(host);
    if ('address' in resolved && !isLoopback(resolved.address)) return { error: NOT_LOOPBACK, category: 'agent error' };
    return resolved;
  };
}

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
