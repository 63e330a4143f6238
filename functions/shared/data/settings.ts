import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DEFAULT_ROUND_SECONDS, DEFAULT_SETTINGS, SETTINGS_ID, type Settings, type SettingsFields } from '#shared/domain/settings';
import type { FieldError } from '#shared/http/problem';
import type { Parsed } from '#shared/validation';
import { db, tableName } from '#shared/data/client';
import { retryDeadline } from '#shared/data/deadline';
import { backoff } from '#shared/data/operations';
import { keys } from '#shared/data/keys';

/** The settings with the version that guards concurrent writes (and makes the ETag). */
export interface VersionedSettings {
  settings: Settings;
  version: number;
}

export async function getSettings(options: { consistent?: boolean } = {}): Promise<VersionedSettings | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(SETTINGS_ID), ConsistentRead: options.consistent ?? false }),
  );
  return result.Item ? toVersionedSettings(result.Item) : undefined;
}

export function toVersionedSettings(item: Record<string, unknown>): VersionedSettings {
  const { settings, version } = item as { settings: SettingsFields; version: number };
  // Settings written before round_seconds existed read as its default.
  return { settings: withId(Object.assign({ round_seconds: DEFAULT_ROUND_SECONDS }, settings)), version };
}

/**
 * Writes the settings if they are still at `expectedVersion` (or absent, for
 * `undefined`). Returns the new version, or `stale` when someone wrote first.
 */
export async function saveSettings(
  fields: SettingsFields,
  expectedVersion: number | undefined,
  updatedBy: string,
): Promise<VersionedSettings | 'stale'> {
  const version = (expectedVersion ?? 0) + 1;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.settings(SETTINGS_ID), settings: fields, version, updated_by: updatedBy, updated_at: new Date().toISOString() },
        ConditionExpression: expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :expected',
        ExpressionAttributeValues: expectedVersion === undefined ? undefined : { ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'stale';
    throw error;
  }
  return { settings: withId(fields), version };
}

export type SettingsChangeResult =
  | { kind: 'saved'; value: VersionedSettings }
  | { kind: 'stale'; current: number }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'missing' }
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
  options: { ifMatch: number[] | 'any'; updatedBy: string },
): Promise<SettingsChangeResult> {
  const deadline = retryDeadline();
  for (let attempt = 0; ; attempt++) {
    const current = await getSettings({ consistent: true });
    if (!current) return { kind: 'missing' };
    if (options.ifMatch !== 'any' && !options.ifMatch.includes(current.version)) return { kind: 'stale', current: current.version };
    const { id: _id, ...fields } = current.settings;
    const next = change(fields);
    if (!next.ok) return { kind: 'invalid', errors: next.errors };
    if (JSON.stringify(withId(next.value)) === JSON.stringify(current.settings)) return { kind: 'saved', value: current };
    const saved = await saveSettings(next.value, current.version, options.updatedBy);
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
