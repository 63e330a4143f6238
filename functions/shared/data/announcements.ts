/**
 * Announcements (`ANNOUNCEMENTS / ANNOUNCEMENT#<id>`): one partition, read
 * whole, newest first (a team's page keeps those for every team and its
 * own). Each is a Put conditioned on its allocated id, with its audit entry.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AnnouncementSchema, type Announcement } from '#shared/domain/announcements';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db, tableName } from '#shared/data/client';
import { keys, PARTITION } from '#shared/data/keys';
import { queryPartition, transactionConditionFailed } from '#shared/data/operations';
import { inSchemaOrder } from '#shared/domain/shapes';

/** An announcement as every answer shows it: its schema's fields, in its order. */
const toAnnouncement = (item: Record<string, unknown>): Announcement => inSchemaOrder(AnnouncementSchema, item);

/** Every announcement, newest first. */
export async function listAnnouncements(): Promise<Announcement[]> {
  return (await queryPartition(PARTITION.announcements, { consistent: true, newestFirst: true })).map(toAnnouncement);
}

/** Stores an announcement with its audit entry; false when its id was taken meanwhile. */
export async function putAnnouncement(announcement: Announcement, audit: AuditContext): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: { TableName: tableName(), Item: { ...keys.announcement(announcement.id), ...announcement }, ConditionExpression: 'attribute_not_exists(pk)' },
          },
          auditPut(audit, { action: 'announcement.create', target: `announcements/${announcement.id}`, before: null, after: announcement }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return false;
    throw error;
  }
}
