import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { validateCompetition, type Competition } from '#shared/domain/competition';

export interface FileProblem {
  /** Dotted path inside the file, e.g. `teams.3.services.1.port`. */
  path: string;
  /** 1-based line in the file, when the path points at something written there. */
  line?: number;
  message: string;
}

export type CompetitionFileResult =
  /** `namedSettings`: the settings fields the file writes itself (the rest are defaults). */
  { ok: true; competition: Competition; namedSettings: string[] } | { ok: false; problems: FileProblem[] };

/**
 * Reads and validates a competition file (YAML, or JSON, which is YAML too).
 * Every problem is reported, each with its path and line; nothing is loaded
 * unless the whole file is valid.
 */
export function readCompetitionFile(file: string): CompetitionFileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: `cannot read ${file}: ${(error as Error).message}` }] };
  }
  return parseCompetition(text);
}

export function parseCompetition(text: string): CompetitionFileResult {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((e) => ({
        path: '',
        line: lineCounter.linePos(e.pos[0]).line,
        message: e.message.split('\n')[0] ?? e.message,
      })),
    };
  }
  const raw: unknown = document.toJS({ maxAliasCount: 100 });
  const result = validateCompetition(raw);
  if (result.ok) return { ok: true, competition: result.value, namedSettings: Object.keys((raw as { settings?: object }).settings ?? {}) };
  const problems = result.errors.map((error) => {
    const segments = error.path === '' ? [] : error.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    return { path: error.path, line: lineOf(document, segments, lineCounter), message: error.message };
  });
  return { ok: false, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
}

/** The line of the deepest node that exists along the path. */
function lineOf(document: ReturnType<typeof parseDocument>, segments: (string | number)[], lineCounter: LineCounter) {
  for (let depth = segments.length; depth >= 0; depth--) {
    const node = document.getIn(segments.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}

export function formatProblems(file: string, problems: FileProblem[]): string {
  return problems.map((p) => `  ${file}${p.line ? `:${p.line}` : ''}  ${p.path || '(file)'}: ${p.message}`).join('\n');
}
