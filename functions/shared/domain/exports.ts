/**
 * The export of an inject's submissions as one ZIP (issue #40), as pure
 * rules: what the archive holds and where (so no team's file name can
 * stand where the service's own files do, and no name twice), how large it
 * would be before a byte is written, and what a job is at a time. The
 * worker (app/exports.ts) writes it; the table holds jobs in data/exports.ts.
 */
import { safeNamePart } from '#shared/domain/files';
import { type StoredFile } from '#shared/domain/stored-file';
import type { Submission } from '#shared/domain/injects';
import type { Team } from '#shared/domain/model';

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/**
 * The largest export written: what the worker can copy within Lambda's 15
 * minutes with room to spare. One team's files for an inject are at most
 * MAX_TEAM_FILE_BYTES, so only an event of a hundred teams that each sent
 * that much could come near it.
 */
export const MAX_EXPORT_BYTES = 20 * 1024 ** 3;

/** How long a job (and its ZIP: the bucket's `exports/` rule) is kept. */
export const EXPORT_KEPT_SECONDS = 7 * 86_400;

/** How long the export worker may run: Lambda's own limit (the workers' table gives its function this timeout). */
export const EXPORT_WORKER_SECONDS = 15 * 60;

/** A job still running this long after it started has stopped: its function ran out of time or died. */
export const EXPORT_LOST_AFTER_SECONDS = EXPORT_WORKER_SECONDS + 60;

/** What every export job has: its state, who asked, and once done its ZIP. */
interface JobFields {
  id: number;
  state: ExportState;
  requested_by: string;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Done: the ZIP's key and size. */
  key: string | null;
  bytes: number | null;
  /** Failed: why. */
  error: string | null;
}

/** An inject's submissions, every team's every version. */
export interface ExportJob extends JobFields {
  kind: 'submissions';
  inject_id: number;
  /** What it will hold, counted when it was asked for. */
  submissions: number;
  files: number;
}

/** Every visible team's debrief (issue #62), one HTML file each, and the table of ranks. */
export interface DebriefExportJob extends JobFields {
  kind: 'debriefs';
  /** The teams it will hold, counted when it was asked for. */
  teams: number;
  /** Asked for by finalise: its mark's time, which the worker waits to see reach the public version (else null). */
  settles_after: string | null;
}

/** Any job the export worker writes, told apart by `kind` (a job stored before kinds existed is a submissions export). */
export type AnyExportJob = ExportJob | DebriefExportJob;

/** What a job is at `now`: as written, or failed once it has run longer than its function may. */
export function exportState(job: Pick<ExportJob, 'state' | 'started_at'>, now: number): { state: ExportState; error?: string } {
  if (job.state === 'running' && job.started_at !== null && now - Date.parse(job.started_at) > EXPORT_LOST_AFTER_SECONDS * 1000) {
    return { state: 'failed', error: 'The export stopped midway (its function ran out of time or died): ask for it again.' };
  }
  return { state: job.state };
}

/** One team's part of the archive: its versions, oldest first, each with its answer and where its files go. */
export interface TeamPart {
  team: Pick<Team, 'id' | 'number' | 'name'>;
  versions: { submission: Submission; answer: string; files: { path: string; file: StoredFile; written: boolean }[] }[];
}

/**
 * Where everything goes, under `inject-<id>/`: `submissions.csv` (the
 * index), then for each team `team-<number>-<name>/v<n>/answer.md` and its
 * files under `v<n>/files/`. A team's files are only ever under a `files/`
 * folder, so none stands where the service's own are; a name that repeats
 * in one folder gets `-2`, `-3` before its extension. A kept file several
 * versions name (one upload, named again) is written once, in the folder
 * of the first version that named it, and the later ones point to it.
 */
export function exportLayout(
  injectId: number,
  teams: { team: TeamPart['team']; submissions: Submission[] }[],
): { root: string; index: string; parts: TeamPart[] } {
  const root = `inject-${injectId}/`;
  const parts = teams.map(({ team, submissions }) => {
    const folder = `${root}team-${team.number}-${safeNamePart(team.name)}/`;
    const written = new Map<string, string>();
    const versions = [...submissions]
      .sort((a, b) => a.version - b.version)
      .map((submission) => {
        const taken = new Set<string>();
        const files = submission.files.map((file) => {
          const earlier = written.get(file.key);
          if (earlier !== undefined) return { path: earlier, file, written: false };
          const path = `${folder}v${submission.version}/files/${uniqueName(file.name, taken)}`;
          written.set(file.key, path);
          return { path, file, written: true };
        });
        return { submission, answer: `${folder}v${submission.version}/answer.md`, files };
      });
    return { team, versions };
  });
  return { root, index: `${root}submissions.csv`, parts };
}

/** A name not yet taken in a folder: the name, or the name with -2, -3… before its extension. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** ZIP bytes an entry costs besides its data: its local header and its central directory entry (with a ZIP64 offset), each with the name. */
const ENTRY_OVERHEAD = 30 + 46 + 12;

/** The archive's size at most (every entry stored, none smaller for deflating) and its entries, before a byte is written. */
export function exportSize(layout: ReturnType<typeof exportLayout>, indexBytes: number): { bytes: number; entries: number } {
  let bytes = indexBytes + ENTRY_OVERHEAD * 2 + 2 * layout.index.length + 98;
  let entries = 1;
  for (const part of layout.parts) {
    for (const version of part.versions) {
      bytes += ENTRY_OVERHEAD + 2 * Buffer.byteLength(version.answer) + Buffer.byteLength(version.submission.text) + 1024;
      entries++;
      for (const f of version.files.filter((f) => f.written)) {
        bytes += ENTRY_OVERHEAD + 2 * Buffer.byteLength(f.path) + f.file.size;
        entries++;
      }
    }
  }
  return { bytes, entries };
}

/** Types already compressed (an image, a PDF, an archive or an Office file, which is one): stored, not deflated again. */
export const isCompressed = (contentType: string) => !/^(text\/|application\/json$)/.test(contentType);
