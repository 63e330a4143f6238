import { createHash } from 'node:crypto';
import type { MatchRules } from '#shared/domain/check-definitions';
import { compilePattern, type CompiledPattern } from '#shared/domain/patterns';
import { printable } from './probe';

/**
 * Content matching, the same for every kind that reads something back (a
 * page, a command's output, a file, a query's result): the rules of
 * MatchRules, checked against what the check read. Patterns are compiled
 * once per check, with the linear-time engine (domain/patterns.ts).
 */
export interface Matcher {
  /** Whether any rule needs what the service sends back (else the check need not read it). */
  readsBody: boolean;
  /**
   * Why what was read does not do (undefined: it does). `complete` says
   * whether `bytes` is all of it: an exact value or a digest is only
   * compared with the whole.
   */
  problem(bytes: Buffer, complete: boolean, what: string): string | undefined;
}

export function matcherOf(rules: MatchRules): Matcher {
  const compiled = (pattern: string | undefined): CompiledPattern | undefined => (pattern === undefined ? undefined : compilePattern(pattern));
  const content = compiled(rules.content);
  const reject = compiled(rules.reject);
  const readsBody = [rules.content, rules.exact, rules.sha256, rules.reject].some((rule) => rule !== undefined);
  return {
    readsBody,
    problem(bytes, complete, what) {
      const text = bytes.toString('utf8');
      // The reject pattern first: a defaced page fails however much of the rest still holds.
      if (reject?.test(text)) return `${what} matches the reject pattern /${printable(rules.reject!, 40)}/`;
      if (content && !content.test(text)) return `${what} does not match /${printable(rules.content!, 40)}/`;
      if ((rules.exact !== undefined || rules.sha256 !== undefined) && !complete) return `${what} is longer than the check reads (${bytes.length} bytes)`;
      if (rules.exact !== undefined && text !== rules.exact) return `${what} is not the expected text (${bytes.length} bytes)`;
      if (rules.sha256 !== undefined) {
        const digest = createHash('sha256').update(bytes).digest('hex');
        if (digest !== rules.sha256) return `${what} has SHA-256 ${digest.slice(0, 12)}…, not ${rules.sha256.slice(0, 12)}…`;
      }
      return undefined;
    },
  };
}
