/**
 * The regular expressions organisers write into check definitions (an HTTP
 * body's content, a banner), compiled with RE2's linear-time engine (re2js,
 * pure JavaScript): a pattern can never stall a round, whatever it is and
 * whatever a hostile service sends back. JavaScript's RegExp backtracks: a
 * pattern such as `(a+)+$` against a long run of `a`s blocks the agent's
 * event loop, and with it every check's deadline timer. RE2 syntax is
 * JavaScript's without lookaround and backreferences; a pattern it refuses is
 * refused when the competition file is loaded, never found out during a round.
 */
import { RE2JS } from 're2js';

export interface CompiledPattern {
  /** Whether the pattern matches anywhere in the text. */
  test(text: string): boolean;
}

export function compilePattern(pattern: string): CompiledPattern {
  const compiled = RE2JS.compile(pattern);
  return { test: (text) => compiled.matcher(text).find() };
}

/** Why RE2 refuses a pattern (undefined: it compiles). */
export function patternProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
