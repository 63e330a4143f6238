/**
 * A service's own check, in place of its subtype's (live edits): what the
 * table holds and what an organiser reads and replaces. One definition of
 * its fields; the answer (ServiceCheckSchema) narrows two of them, since it
 * is only ever given for a service that has a check of its own (without one
 * the route answers 404).
 */
import * as v from 'valibot';
import { Count, Id, named } from '#shared/domain/shapes';

/** A check definition as a competition file gives it: its kind, and that kind's parameters by name. */
export const CheckDefinitionView = v.pipe(
  v.looseObject({ check: v.string() }),
  v.description("A check definition as a competition file gives it: `check` (the kind) and that kind's parameters."),
);

/** The service's own check as read: its definition (null: its subtype's applies) and the version every change moves (0: none). */
export const ServiceCheckStateSchema = v.strictObject({ service_id: Id, check: v.nullable(CheckDefinitionView), version: Count });
export type ServiceCheck = v.InferOutput<typeof ServiceCheckStateSchema>;

export const ServiceCheckSchema = named(
  'ServiceCheck',
  "A service's own check, in place of its subtype's, and the version every change moves.",
  v.strictObject({ ...ServiceCheckStateSchema.entries, check: CheckDefinitionView, version: Id }),
);
