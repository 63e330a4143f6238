import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { lockedFieldsChanged, type FinalMark } from '#shared/domain/final';
import { freezeTimeProblem } from '#shared/domain/freeze';
import { DEFAULT_ROUND_SECONDS, DEFAULT_SETTINGS, SETTINGS_ID, type Settings, type SettingsFields } from '#shared/domain/settings';
import type { FieldError } from '#shared/validation';
import type { Parsed } from '#shared/validation';
import { db, tableName } from '#shared/data/client';
import { retryDeadline } from '#shared/data/deadline';
import { backoff } from '#shared/data/operations';
import { keys } from '#shared/data/keys';
import { auditPut, type AuditContext } from '#shared/data/audit';

/** The settings with the version that guards concurrent writes (and makes the ETag). */
export interface VersionedSettings {
  settings: Settings;
  version: number;
  /** Set by `scoring finalise`: the results are locked. */
  final?: FinalMark;
}

export async function getSettings(options: { consistent?: boolean } = {}): Promise<VersionedSettings | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(SETTINGS_ID), ConsistentRead: options.consistent ?? false }),
  );
  return result.Item ? toVersionedSettings(result.Item) : undefined;
}

export function toVersionedSettings(item: Record<string, unknown>): VersionedSettings {
  const { settings, version, final } = item as { settings: SettingsFields; version: number; final?: FinalMark };
  // Settings written before round_seconds existed read as its default.
  return { settings: withId(Object.assign({ round_seconds: DEFAULT_ROUND_SECONDS }, settings)), version, ...(final ? { final } : {}) };
}

/**
 * Writes the settings if they are still at `expectedVersion` (or absent, for
 * `undefined`), with the change's audit entry in the same transaction.
 * Returns the new version, or `stale` when someone wrote first. `final`
 * (the finalise mark) is carried over as read; a competition load passes none.
 */
export async function saveSettings(
  fields: SettingsFields,
  previous: { version: number; settings: SettingsFields; final?: FinalMark } | undefined,
  audit: AuditContext & { action: string },
): Promise<VersionedSettings | 'stale'> {
  const version = (previous?.version ?? 0) + 1;
  const final = previous?.final;
  const { id: _id, ...before } = (previous?.settings ?? {}) as Settings;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.settings(SETTINGS_ID),
                settings: fields,
                version,
                ...(final ? { final } : {}),
                updated_by: audit.actor.name,
                updated_at: new Date().toISOString(),
              },
              ConditionExpression: previous === undefined ? 'attribute_not_exists(pk)' : 'version = :expected',
              ExpressionAttributeValues: previous === undefined ? undefined : { ':expected': previous.version },
            },
          },
          auditPut(audit, { action: audit.action, target: `settings/${SETTINGS_ID}`, before: previous ? before : null, after: fields }),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'stale';
    throw error;
  }
  return { settings: withId(fields), version, ...(final ? { final } : {}) };
}

export type SettingsChangeResult =
  | { kind: 'saved'; value: VersionedSettings }
  | { kind: 'stale'; current: number }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'missing' }
  /** The competition is finalised and the change would alter these locked fields. */
  | { kind: 'final'; fields: string[]; final: FinalMark }
  | { kind: 'busy' };

/**
 * Applies `change` to the current settings and saves the result if nobody
 * wrote in between. With `ifMatch` versions, a concurrent or earlier write
 * makes it `stale` (the client asked for exactly that version); without, the
 * change is re-applied to the newer settings until it lands, so no write is
 * lost and none fails for contention (`busy` only if it cannot land within
 * the function's time). A change that changes nothing keeps the version.
 */
export async function changeSettings(
  change: (current: SettingsFields) => Parsed<SettingsFields>,
  options: { ifMatch: number[] | 'any'; audit: AuditContext & { action: string } },
): Promise<SettingsChangeResult> {
  const deadline = retryDeadline();
  for (let attempt = 0; ; attempt++) {
    const current = await getSettings({ consistent: true });
    if (!current) return { kind: 'missing' };
    if (options.ifMatch !== 'any' && !options.ifMatch.includes(current.version)) return { kind: 'stale', current: current.version };
    const { id: _id, ...fields } = current.settings;
    const next = change(fields);
    if (!next.ok) return { kind: 'invalid', errors: next.errors };
    const freezeProblem = freezeTimeProblem(fields.scoreboard_freeze_time, next.value.scoreboard_freeze_time, new Date());
    if (freezeProblem) return { kind: 'invalid', errors: [freezeProblem] };
    if (JSON.stringify(withId(next.value)) === JSON.stringify(current.settings)) return { kind: 'saved', value: current };
    if (current.final) {
      const locked = lockedFieldsChanged(fields, next.value);
      if (locked.length > 0) return { kind: 'final', fields: locked, final: current.final };
    }
    const saved = await saveSettings(next.value, current, options.audit);
    if (saved !== 'stale') return { kind: 'saved', value: saved };
    if (options.ifMatch !== 'any') return { kind: 'stale', current: current.version };
    if (Date.now() > deadline) return { kind: 'busy' };
    await backoff(attempt);
  }
}

/** The settings in their documented field order, id first (stored maps lose order). */
function withId(fields: SettingsFields): Settings {
  const ordered = Object.fromEntries(Object.keys(DEFAULT_SETTINGS).map((key) => [key, fields[key as keyof SettingsFields] ?? DEFAULT_SETTINGS[key as keyof SettingsFields]]));
  return { id: SETTINGS_ID, ...(ordered as SettingsFields) };
}
