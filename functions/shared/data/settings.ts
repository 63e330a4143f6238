/**
 * The settings item (`SETTINGS / SETTINGS#1`): the one settings object, its
 * version (which guards concurrent writes and makes the ETag) and the
 * finalise mark. Read consistently here by the settings routes and writes;
 * the scoring and rendering paths read it through data/fresh.ts.
 */
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { FinalMark } from '#shared/domain/final';
import { DEFAULT_ROUND_SECONDS, DEFAULT_SETTINGS, SETTINGS_ID, type Settings, type SettingsFields } from '#shared/domain/settings';
import { transactionConditionFailed } from '#shared/data/operations';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';
import { auditPut, type AuditContext } from '#shared/data/audit';

/** The settings with the version that guards concurrent writes (and makes the ETag). */
export interface VersionedSettings {
  settings: Settings;
  version: number;
  /** Set by `scoring finalise`: the results are locked. */
  final?: FinalMark;
  /**
   * Moves with every live edit of a definition (a service, later a team or a
   * subtype), without moving `version`: the settings' own ETag stays, and
   * every function's kept copies of the definitions are read again
   * (data/fresh.ts). A settings write starts it again at 0, with a new version.
   */
  definitions?: number;
}

export async function getSettings(options: { consistent?: boolean } = {}): Promise<VersionedSettings | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.settings(SETTINGS_ID), ConsistentRead: options.consistent ?? false }));
  return result.Item ? toVersionedSettings(result.Item) : undefined;
}

export function toVersionedSettings(item: Record<string, unknown>): VersionedSettings {
  const { settings, version, final, definitions } = item as { settings: SettingsFields; version: number; final?: FinalMark; definitions?: number };
  // Settings written before round_seconds existed read as its default.
  return {
    settings: withId(Object.assign({ round_seconds: DEFAULT_ROUND_SECONDS }, settings)),
    version,
    ...(final ? { final } : {}),
    ...(definitions ? { definitions } : {}),
  };
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
  options: { superTypesExist?: readonly number[] } = {},
): Promise<VersionedSettings | 'stale' | { superTypeGone: number }> {
  const named = [...new Set(options.superTypesExist ?? [])];
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
          // A super type the settings come to name must still be there (its retire checks the other way).
          ...named.map((id) => ({ ConditionCheck: { TableName: tableName(), Key: keys.superType(id), ConditionExpression: 'attribute_exists(pk)' } })),
        ],
      }),
    );
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return 'stale';
    const gone = named.find((_, i) => transactionConditionFailed(error, 2 + i));
    if (gone !== undefined) return { superTypeGone: gone };
    throw error;
  }
  return { settings: withId(fields), version, ...(final ? { final } : {}) };
}

/**
 * The transaction item a live edit of a definition adds: it moves the
 * settings item's `definitions` mark. `unlessFinal`: it also refuses a
 * finalised competition (a transaction may name the settings item once, so
 * this is notFinal() for the writes that also move the mark);
 * `unlessNamedBySettings`: while the settings grade incident reports into
 * that super type, or take the red team's findings from it,
 * super type.
 */
export function definitionsMoved(
  options: { unlessFinal?: boolean; unlessNamedBySettings?: number } = {},
): NonNullable<TransactWriteCommandInput['TransactItems']>[number] {
  const conditions = ['attribute_exists(pk)'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':one': 1 };
  if (options.unlessFinal) {
    conditions.push('attribute_not_exists(#final)');
    names['#final'] = 'final';
  }
  // A super type retired: not while the settings grade incident reports into it, or take findings from it.
  if (options.unlessNamedBySettings !== undefined) {
    conditions.push('(attribute_not_exists(#settings.#incidents) OR #settings.#incidents <> :superType)');
    conditions.push('(attribute_not_exists(#settings.#findings) OR #settings.#findings <> :superType)');
    names['#settings'] = 'settings';
    names['#incidents'] = 'incident_reports_super_type_id';
    names['#findings'] = 'red_team_findings_super_type_id';
    values[':superType'] = options.unlessNamedBySettings;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.settings(SETTINGS_ID),
      UpdateExpression: 'ADD definitions :one',
      ConditionExpression: conditions.join(' AND '),
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** The settings in their documented field order, id first (stored maps lose order). */
export function withId(fields: SettingsFields): Settings {
  const ordered = Object.fromEntries(
    Object.keys(DEFAULT_SETTINGS).map((key) => [key, fields[key as keyof SettingsFields] ?? DEFAULT_SETTINGS[key as keyof SettingsFields]]),
  );
  return { id: SETTINGS_ID, ...(ordered as SettingsFields) };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A transaction item that cancels the transaction once the competition is
 * finalised (`scoring finalise` marks the settings item `final`): writes that
 * would change a score and are transactions anyway add it.
 */
export function notFinal(): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.settings(SETTINGS_ID),
      ConditionExpression: 'attribute_not_exists(#final)',
      ExpressionAttributeNames: { '#final': 'final' },
    },
  };
}

/** Whether a cancelled transaction was refused by its `notFinal()` item (at `index` in its items). */
export function refusedAsFinal(error: unknown, index: number): boolean {
  return transactionConditionFailed(error, index);
}
