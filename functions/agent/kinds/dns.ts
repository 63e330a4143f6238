import { promises as dns } from 'node:dns';
import type { DnsCheck } from '#shared/domain/check-definitions';
import type { FailureCategory } from '#shared/domain/scoring/failure';
import { fail, pass, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** What the DNS check asks and what it must hear, computed by the agent from the API's DNS records. */
export interface DnsExpectation {
  /** The absolute name asked, e.g. `www.team12.ccdc.example`. */
  name: string;
  /** The addresses the API's A records give that name; the answer must hold every one. */
  addresses: string[];
}

/**
 * Asks the team's DNS server (the service's address and port, never the
 * system resolver) for the name's A records over UDP, once, and passes when
 * the answer holds every expected address.
 */
export function checkDns(target: ProbeTarget, check: DnsCheck, expected: DnsExpectation): Promise<CheckOutcome> {
  if (expected.addresses.length === 0) {
    return Promise.resolve(fail('agent error', `no A record for ${expected.name} in the scoring DNS records`));
  }
  const want = expected.addresses.join(', ');
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the answer');
    const resolver = new dns.Resolver({ timeout: check.timeout_seconds * 1000, tries: 1 });
    resolver.setServers([`${target.address}:${target.port}`]);
    signal.addEventListener('abort', () => resolver.cancel(), { once: true });
    let answer: string[];
    try {
      answer = await resolver.resolve4(expected.name);
    } catch (error) {
      const { words, category } = dnsError(error);
      return fail(category, `expected ${want}, got ${words}`);
    }
    const missing = expected.addresses.filter((a) => !answer.includes(a));
    if (missing.length > 0) return fail('content mismatch', `expected ${want}, got ${answer.slice(0, 4).join(', ')}${answer.length > 4 ? ', …' : ''}`);
    return pass();
  });
}

/** A resolver error as the few words a failure shows, and its category: the team's server is what is checked. */
function dnsError(error: unknown): { words: string; category: FailureCategory } {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOTFOUND':
      return { words: 'NXDOMAIN', category: 'content mismatch' };
    case 'ENODATA':
      return { words: 'no A record', category: 'content mismatch' };
    case 'ESERVFAIL':
      return { words: 'SERVFAIL', category: 'content mismatch' };
    case 'EREFUSED':
      return { words: 'REFUSED', category: 'content mismatch' };
    case 'ETIMEOUT':
      return { words: 'no answer (timeout)', category: 'timeout' };
    case 'ECONNREFUSED':
      return { words: 'connection refused', category: 'connection refused' };
    case 'EBADRESP':
    case 'EFORMERR':
      return { words: 'a malformed answer', category: 'protocol error' };
    case 'ECANCELLED':
      return { words: 'no answer (cancelled)', category: 'timeout' };
    default:
      return { words: `error ${code ?? String(error)}`, category: 'protocol error' };
  }
}
