/**
 * A service's check accounts (`ACCOUNTS / SERVICE#<id>`): one item holding
 * what may be shown of them (`accounts`: user names and the kind of secret)
 * and the secrets themselves, sealed as one value (`sealed`, see
 * data/sealing.ts) under the service id as encryption context. Reading the
 * summaries never opens the seal; only data/account-secrets.ts does.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountSummary } from '#shared/domain/accounts';
import { db, tableName } from '#shared/data/client';
import { keys } from '#shared/data/keys';

export const accountsKey = keys.serviceAccounts;

/** The encryption context a service's secrets are sealed under. */
export const accountsContext = (serviceId: number) => ({ service_id: String(serviceId) });

/** What may be shown of a service's accounts (none: a check without a login). */
export async function readAccountSummaries(serviceId: number): Promise<AccountSummary[]> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: accountsKey(serviceId) }));
  return (Item?.accounts as AccountSummary[] | undefined) ?? [];
}
