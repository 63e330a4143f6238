import { promises as dns } from 'node:dns';
import type { DnsCheck } from '#shared/domain/checks';
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
    return Promise.resolve(fail(`no A record for ${expected.name} in the scoring DNS records`));
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
      return fail(`expected ${want}, got ${dnsError(error)}`);
    }
    const missing = expected.addresses.filter((a) => !answer.includes(a));
    if (missing.length > 0) return fail(`expected ${want}, got ${answer.slice(0, 4).join(', ')}${answer.length > 4 ? ', …' : ''}`);
    return pass();
  });
}

function dnsError(error: unknown): string {
  switch ((error as { code?: string }).code) {
    case 'ENOTFOUND':
      return 'NXDOMAIN';
    case 'ENODATA':
      return 'no A record';
    case 'ESERVFAIL':
      return 'SERVFAIL';
    case 'EREFUSED':
      return 'REFUSED';
    case 'ETIMEOUT':
      return 'no answer (timeout)';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'EBADRESP':
    case 'EFORMERR':
      return 'a malformed answer';
    case 'ECANCELLED':
      return 'no answer (cancelled)';
    default:
      return `error ${(error as { code?: string }).code ?? String(error)}`;
  }
}
