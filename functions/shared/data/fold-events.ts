/**
 * The table's stream as the fold sees it: which records the stream consumer
 * receives (new results, new adjustments and grades, results voided or restored, a
 * running void job's steps), and each record as a score event. The patterns
 * are data: the stack turns them into the event source mapping's filter
 * criteria, and the local poller applies them with `matchesFoldFilter`.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ADJUSTMENTS_SOURCE, serviceSource, type AwardOrigin, type ScoreEvent } from '#shared/domain/scoring/events';
import type { FoldedResult } from '#shared/domain/scoring/result';
import { historyKeys, idOfPartition, isTeamPartition, keys, PARTITION } from '#shared/data/keys';
import type { PublicTopic } from '#shared/data/public-version';
import { deductionAward } from '#shared/domain/beacons';

type Pattern = Record<string, unknown>;

/**
 * What the fold itself takes: new results and adjustments, and results voided
 * or restored (results change only so; toScoreEvent drops any other MODIFY,
 * and adjustments are never modified).
 */
const RESULT_PATTERNS: Pattern[] = [
  {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: {
      Keys: {
        sk: {
          S: [
            { prefix: keys.scanResultPrefix },
            { prefix: keys.adjustmentPrefix },
            { prefix: keys.gradePrefix },
            { prefix: keys.incidentGradePrefix },
            { prefix: keys.findingRulingPrefix },
            { prefix: keys.beaconDeductionPrefix },
          ],
        },
      },
    },
  },
];

/**
 * Every other write a public view shows, by whoever makes it: the settings,
 * the teams, services, super types and subtypes (a load), the score history's
 * samples, and a scan's `started` (a service's `in_progress`). With the results
 * and adjustments above, a batch that holds any of them moves the public
 * version (data/public-version.ts); an item type added to a public view is
 * added here, once. Not here: the fold's own writes (TOTALS, STATE without a
 * scan under way, the standings projection), which the consumer covers by
 * moving the version after folding, and so needs no second invocation for;
 * `verify --repair`, the one other writer of those, moves it itself.
 */
/** What every public view shows: the teams, services, super types, subtypes and settings. */
const DEFINITION_PARTITIONS = [PARTITION.teams, PARTITION.services, PARTITION.superTypes, PARTITION.subtypes, keys.settings(1).pk];
const HISTORY_PARTITIONS = { prefix: historyKeys.partitionPrefix };
/**
 * A score history sample, not the window rendered from the samples (data/history.ts), which is written before
 * them: the sample's record moves the version once the window that holds it is there to read.
 */
const HISTORY_ITEM: Pattern = { dynamodb: { Keys: { pk: { S: [HISTORY_PARTITIONS] }, sk: { S: [{ prefix: historyKeys.samplePrefix }] } } } };
const STARTED_PATTERN: Pattern = {
  dynamodb: { Keys: { sk: { S: [keys.serviceState(0).sk] } }, NewImage: { started: { M: { scan_id: { S: [{ exists: true }] } } } } },
};
const PUBLIC_ITEM_PATTERNS: Pattern[] = [{ dynamodb: { Keys: { pk: { S: DEFINITION_PARTITIONS } } } }, HISTORY_ITEM, STARTED_PATTERN];

/** A void job's item while it runs: each of its steps' writes wakes the consumer for the next step. */
const VOID_JOB_PATTERN: Pattern = {
  eventName: ['MODIFY'],
  dynamodb: { Keys: { sk: { S: [keys.voidJobSortKey()] } }, NewImage: { status: { S: ['running'] } } },
};

/**
 * Records per invocation, for the event source mapping and the local poller
 * alike. A round over 100 teams in random order puts about one result per
 * team in a batch of 100, so the fold paid one totals update per result; with
 * 1 000 (GetRecords' most per call; well under Lambda's 6 MB payload at about
 * 2 KB a record with both images) a team's results share their totals update.
 * Measured on the bench's default run: the fold's AWS write units per result
 * 1.81 → 1.54 (steady), 1.68 → 1.07 (batched round), the batched round's
 * catch-up 36 s → 14 s.
 */
export const FOLD_BATCH_SIZE = 1000;

/**
 * How long the mapping gathers records before it invokes the fold, from the
 * first one (the stack's `maxBatchingWindow`, which the local twin keeps
 * too): it bounds how far the scoreboard lags, plus the fold itself. A round
 * that an agent reports in a burst of requests lands in one batch, so it
 * moves the public version once and spectators read once (decision 0086).
 */
export const FOLD_BATCHING_WINDOW_SECONDS = 1;

/** EventBridge-style patterns (the subset Lambda filtering and the local poller share: literals, `prefix` and `exists`). */
export const FOLD_EVENT_PATTERNS: Pattern[] = [...RESULT_PATTERNS, ...PUBLIC_ITEM_PATTERNS, VOID_JOB_PATTERN];

/** Whether a batch changes what a public view shows (its stream consumer then moves the public version). */
const DEFINITION_ITEM: Pattern = { dynamodb: { Keys: { pk: { S: DEFINITION_PARTITIONS } } } };

/**
 * The public topics a batch moves (data/public-version.ts): `live` with a
 * result, an award, a scan started or a definition; `history` with a score
 * history sample or a definition.
 */
export function publicTopicsOf(records: DynamoDBRecord[]): PublicTopic[] {
  const any = (patterns: Pattern[]) => records.some((record) => matchesFoldFilter(record, patterns));
  return [
    ...(any([...RESULT_PATTERNS, STARTED_PATTERN, DEFINITION_ITEM]) ? (['live'] as const) : []),
    ...(any([HISTORY_ITEM, DEFINITION_ITEM]) ? (['history'] as const) : []),
  ];
}

/** The minutes of the score history's samples in a batch (epoch ms): the minute job writes each minute's, in every resolution it belongs to. */
export function sampleMinutesOf(records: DynamoDBRecord[]): number[] {
  const minutes = records.flatMap((record) => (matchesFoldFilter(record, [HISTORY_ITEM]) ? [Date.parse(record.dynamodb?.NewImage?.time?.S ?? '')] : []));
  return [...new Set(minutes.filter(Number.isFinite))];
}

/** Whether a record matches any of the patterns, as Lambda's event filtering would decide. */
export function matchesFoldFilter(record: unknown, patterns: Pattern[] = FOLD_EVENT_PATTERNS): boolean {
  return patterns.some((pattern) => matches(record, pattern));
}

function matches(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return pattern.some((option) => {
      if (typeof option === 'object' && option !== null && 'prefix' in option)
        return typeof value === 'string' && value.startsWith(String((option as { prefix: string }).prefix));
      if (typeof option === 'object' && option !== null && 'exists' in option) return (value !== undefined) === (option as { exists: boolean }).exists;
      return value === option;
    });
  }
  if (typeof pattern === 'object' && pattern !== null) {
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(pattern).every(([key, sub]) => matches((value as Record<string, unknown>)[key], sub));
  }
  return value === pattern;
}

/**
 * Sequence numbers are decimal strings without leading zeros, of 21 to 40
 * digits: prefixed with their length (two digits), they compare as strings
 * in numeric order, and stay short (every byte of TOTALS is paid per write).
 */
export const paddedSequence = (sequenceNumber: string) => `${String(sequenceNumber.length).padStart(2, '0')}${sequenceNumber}`;

/** A score event and the stream record it came from (what a partial batch failure names). */
export interface StreamEvent {
  sequenceNumber: string;
  event: ScoreEvent;
}

/**
 * A stream record as a score event: a new result is a check, a result's
 * `voided` flag turned over a void or unvoid (any other change of a result
 * is nothing to the fold: undefined), a new adjustment an award.
 */
export function toScoreEvent(record: DynamoDBRecord): StreamEvent | undefined {
  const stream = record.dynamodb!;
  const sequenceNumber = stream.SequenceNumber!;
  const seq = paddedSequence(sequenceNumber);
  const image = unmarshall(stream.NewImage as Parameters<typeof unmarshall>[0]);
  const pk = String(image.pk);
  if (isTeamPartition(pk)) {
    // A grade (an inject's or an incident report's) or a finding's ruling adds what it changed from the one before it;
    // an adjustment, its points; a beacon's deduction, minus what it took. All in the team's one source, in stream order.
    // Of these only a deduction is ever modified (voided): the change is what it counts for now less what it counted for.
    const { origin, points, max, at } = awardOf(String(image.sk), image);
    const before =
      record.eventName === 'MODIFY' ? awardOf(String(image.sk), unmarshall((stream.OldImage ?? {}) as Parameters<typeof unmarshall>[0])) : undefined;
    if (before && before.points === points) return undefined;
    return {
      sequenceNumber,
      event: {
        kind: 'award',
        origin,
        seq,
        source: ADJUSTMENTS_SOURCE,
        team_id: idOfPartition(pk),
        super_type_id: Number(image.super_type_id),
        points: points - (before?.points ?? 0),
        max,
        at,
      },
    };
  }
  const serviceId = idOfPartition(pk);
  const base = {
    seq,
    source: serviceSource(serviceId),
    team_id: Number(image.team_id),
    service_id: serviceId,
    result: { ...(image as unknown as FoldedResult), category: (image.category as FoldedResult['category'] | undefined) ?? null },
  };
  if (record.eventName !== 'MODIFY') return { sequenceNumber, event: { kind: 'check', ...base } };
  const old = unmarshall((stream.OldImage ?? {}) as Parameters<typeof unmarshall>[0]);
  const was = old.voided === true;
  const is = image.voided === true;
  if (was === is) return undefined;
  return { sequenceNumber, event: { kind: is ? 'void' : 'unvoid', ...base } };
}

/** What an award item of a team's partition counts for, by its kind: its origin, its points, the maximum it moves, when it was made. */
function awardOf(sk: string, image: Record<string, unknown>): { origin: AwardOrigin; points: number; max: number; at: string } {
  if (sk.startsWith(keys.findingRulingPrefix)) return { origin: 'finding', points: Number(image.award), max: 0, at: String(image.reviewed_at) };
  // A deduction counts from the check-in that wrote it, the freeze included; voided, it counts nothing (in the same slot of time).
  if (sk.startsWith(keys.beaconDeductionPrefix))
    return {
      origin: 'beacon',
      points: deductionAward({ deducted: Number(image.deducted), voided: image.voided === true }),
      max: 0,
      at: String(image.called_at),
    };
  // Grades from before `max_award` move no maximum, in the fold as in `verify`.
  if (sk.startsWith(keys.gradePrefix) || sk.startsWith(keys.incidentGradePrefix))
    return { origin: 'grade', points: Number(image.award), max: Number(image.max_award ?? 0), at: String(image.graded_at) };
  return { origin: 'adjustment', points: Number(image.points), max: 0, at: String(image.created_at) };
}

/** The records of a batch the fold takes, as score events, in stream order. */
export const toScoreEvents = (records: DynamoDBRecord[]): StreamEvent[] =>
  records.filter((record) => matchesFoldFilter(record, RESULT_PATTERNS)).flatMap((record) => toScoreEvent(record) ?? []);

/** The running void jobs a batch wakes, each once, with the first record that names it. */
export function voidJobWakeups(records: DynamoDBRecord[]): { sequenceNumber: string; pk: string }[] {
  const seen = new Map<string, string>();
  for (const record of records) {
    if (!matchesFoldFilter(record, [VOID_JOB_PATTERN])) continue;
    const pk = String(record.dynamodb!.Keys!.pk!.S);
    if (!seen.has(pk)) seen.set(pk, record.dynamodb!.SequenceNumber!);
  }
  return [...seen].map(([pk, sequenceNumber]) => ({ pk, sequenceNumber }));
}
