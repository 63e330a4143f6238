/**
 * Functions the API starts asynchronously (Lambda's `Event` invocation)
 * for work longer than a request may take: data only, as the route table,
 * because the stack (one function each, its grants, the routes' right to
 * invoke it), the local twin of Lambda and the handlers all read it. A
 * route names the worker it starts (`invokes`).
 */
import { EXPORT_WORKER_SECONDS } from '#shared/domain/exports';

export interface Worker {
  /** Construct id and function name suffix; the starting routes get it as `<ENV>`. */
  readonly name: string;
  /** The handler module, relative to the repository root; it exports `handler`. */
  readonly handler: string;
  /** The environment variable that names it to the routes that start it. */
  readonly env: string;
  readonly summary: string;
  /** What it may do to the table (a route's `table`). */
  readonly table: 'read' | 'read-write';
  /** What it does in the files bucket, by key prefix (as a route's `bucket`). */
  readonly bucket?: { readonly read?: readonly string[]; readonly write?: readonly string[] };
  /** Lambda's own limit is 15 minutes; a job running longer than this is shown as failed. */
  readonly timeoutSeconds: number;
  /** Repository files it reads at run time; the stack copies them next to its bundle (as a route's `files`). */
  readonly files?: readonly string[];
  /** Its memory (and with it CPU), when the stage's default does not fit its work. */
  readonly memoryMb?: number;
}

/** The debrief's style sheet, which each team's file in a debriefs export carries inline. */
export const DEBRIEF_CSS = 'web/src/styles/debrief.css';

export const WORKERS = {
  ExportWorker: {
    name: 'ExportWorker',
    handler: 'functions/injects/run-export.ts',
    env: 'EXPORT_WORKER_FUNCTION',
    summary:
      "Writes an inject's submissions (POST /injects/{id}/exports) or every team's debrief (POST /debriefs/exports, finalise) as one ZIP into the bucket",
    // Read-write: it keeps the debriefs it builds.
    table: 'read-write',
    bucket: { read: ['teams/'], write: ['exports/'] },
    timeoutSeconds: EXPORT_WORKER_SECONDS,
    files: [DEBRIEF_CSS],
    // Teams' debriefs are built four at once, each from its services' results (bench/debriefs.ts).
    memoryMb: 1024,
  },
} as const satisfies Record<string, Worker>;

export type WorkerName = keyof typeof WORKERS;
