import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SETTINGS_ID, type Settings, type SettingsFields } from '../domain/settings';
import { db, tableName } from './client';
import { keys } from './keys';

/** The settings with the version that guards concurrent writes (and makes the ETag). */
export interface VersionedSettings {
  settings: Settings;
  version: number;
}

export async function getSettings(options: { consistent?: boolean } = {}): Promise<VersionedSettings | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(SETTINGS_ID), ConsistentRead: options.consistent ?? false }),
  );
  if (!result.Item) return undefined;
  const { settings, version } = result.Item as { settings: SettingsFields; version: number };
  return { settings: { id: SETTINGS_ID, ...settings }, version };
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
  return { settings: { id: SETTINGS_ID, ...fields }, version };
}
