import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { foldBatch } from '#shared/app/fold';
import { stepVoidJobs } from '#shared/app/voids';
import { paddedSequence, publicTopicsOf, sampleMinutesOf, toScoreEvents, voidJobWakeups } from '#shared/data/fold-events';
import { freshSettings } from '#shared/data/fresh';
import { standingsChangeAt } from '#shared/app/standings';
import { momentInMinutes, type PublicTopic } from '#shared/domain/public-topics';
import { movePublicVersion } from '#shared/data/public-version';
import { nudgeSpectators } from '#shared/app/nudges';
import { voidJobIdOf } from '#shared/data/void-jobs';
import { createLogger } from '#shared/log';

/**
 * The stream consumer: dispatches a batch of the table's stream to the fold
 * (new results and adjustments, and results voided or restored, into the
 * services' state and the teams' totals) and to the running void jobs it
 * wakes, and moves the public versions of the topics whose views the batch
 * changes, and nudges the spectators' pages with the new versions. Partial batch responses: the first record that could not be handled
 * is retried with everything after it (already folded records are skipped by
 * the watermarks, already taken job steps by the job's step counter).
 */
/**
 * How old the batch's oldest result was once its results were folded (undefined when it held none): the overview
 * shows it. A record was written no earlier than its stream creation time, nor than the arrival a result carries:
 * the later of the two is the closer (DynamoDB rounds the creation time down to the second, DynamoDB Local to the
 * minute, which read as up to a minute of lag that was not there). Only the records that carry an arrival count
 * when any does: a batch gathered over the mapping's window also holds other items' records, whose rounded
 * creation time alone would bring that minute back.
 */
function foldLagOf(records: DynamoDBRecord[], folded: number, now: number): number | undefined {
  const written = records.flatMap((r) => {
    const created = r.dynamodb?.ApproximateCreationDateTime;
    if (created === undefined) return [];
    const arrived = Date.parse(r.dynamodb?.NewImage?.received_at?.S ?? '');
    return [{ at: Math.max(created * 1000, Number.isFinite(arrived) ? arrived : 0), arrived: Number.isFinite(arrived) }];
  });
  const results = written.some((w) => w.arrived) ? written.filter((w) => w.arrived) : written;
  if (folded === 0 || results.length === 0) return undefined;
  return Math.max(0, now - Math.min(...results.map((w) => w.at)));
}

/**
 * The topics a batch moves: those its records touch, and the live topic when the batch holds the minute's sample
 * and a moment a public view turns at with nothing written fell in that minute (the freeze starting, an inject
 * falling due: the ETags turn at them, decision 0077). The sample comes every minute, so a page on the nudges turns
 * within about a minute of such a moment instead of at the next result (decision 0086).
 */
async function withMomentsPassed(records: DynamoDBRecord[]): Promise<PublicTopic[]> {
  const topics = publicTopicsOf(records);
  const minutes = sampleMinutesOf(records);
  if (topics.includes('live') || minutes.length === 0) return topics;
  const [{ settings }, dueTimes] = await Promise.all([freshSettings(), standingsChangeAt()]);
  const freeze = settings.scoreboard_freeze_time ? [Date.parse(settings.scoreboard_freeze_time)] : [];
  return momentInMinutes([...freeze, ...dueTimes], minutes) ? [...topics, 'live'] : topics;
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger({ route: 'FoldResults' });
  // The event source mapping filters already; this keeps a misconfigured mapping harmless.
  const events = toScoreEvents(event.Records);
  const foldFailed = await foldBatch(events, log);
  const jobs = voidJobWakeups(event.Records).map(({ sequenceNumber, pk }) => ({ sequenceNumber, id: voidJobIdOf(pk) }));
  const jobFailed = await stepVoidJobs(jobs, log);
  // After the fold's writes: a conditional read answered from the version never sees it move before the change is there.
  // Only the topics the batch touched: the minute's sample moves the history's view, not the scoreboard's.
  const now = Date.now();
  const moved = await movePublicVersion(await withMomentsPassed(event.Records), now, foldLagOf(event.Records, events.length, now));
  // Then the open pages are told (decision 0086): within a second of the last nudge, this waits for the next slot.
  await nudgeSpectators(moved, log);
  const failed = [foldFailed, jobFailed].filter((s): s is string => s !== undefined).sort((a, b) => (paddedSequence(a) < paddedSequence(b) ? -1 : 1))[0];
  log.info('folded', { records: event.Records.length, folded: events.length, void_jobs: jobs.length, failed: failed ?? null });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
