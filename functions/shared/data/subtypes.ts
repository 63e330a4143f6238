import { checkOf, type CheckDefinition } from '#shared/domain/check-definitions';
import { PARTITION } from '#shared/data/keys';
import { queryPartition } from '#shared/data/operations';

/** A subtype as `GET /subtypes` shows it: its fields, then its check definition when it has one. */
export interface SubtypeWithCheck {
  id: number;
  name: string;
  super_type_id: number;
  max_score: number;
  check?: CheckDefinition['check'];
  [parameter: string]: unknown;
}

/** Every subtype in id order: one Query on the subtypes partition. */
export async function listSubtypes(): Promise<SubtypeWithCheck[]> {
  const items = await queryPartition(PARTITION.subtypes);
  return items.map((item) => ({
    id: item.id as number,
    name: item.name as string,
    super_type_id: item.super_type_id as number,
    max_score: item.max_score as number,
    ...checkOf(item),
  }));
}
