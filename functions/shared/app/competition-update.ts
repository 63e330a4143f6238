/**
 * `load` onto a running competition (issue #28): read the event as it
 * stands, plan the live edits that make it what the file says
 * (domain/competition-update.ts), show that plan with its fingerprint, and
 * apply exactly that plan, one live edit after another, each its own
 * transaction and audit entry, as the API's routes make them. Every edit of
 * a record carries the ETag it had when planned: an organiser's change since
 * stops the apply with 412 rather than being overwritten. A run stopped
 * midway (a crash, a 412) leaves whole edits behind; loading the file again
 * plans what remains, so a retry finishes it.
 */
import type { AuditContext } from '#shared/data/audit';
import { listServiceEndpoints } from '#shared/data/services';
import { getSettings } from '#shared/data/settings';
import { listStoredSubtypes, listStoredSuperTypes, readSubtype } from '#shared/data/subtypes';
import { listTeamProfiles } from '#shared/data/teams';
import type { Competition } from '#shared/domain/competition';
import { readPools } from '#shared/data/pools';
import { replaceAllPools } from '#shared/app/pools';
import { replaceFindingKinds } from '#shared/app/findings';
import { readFindingKinds } from '#shared/data/findings';
import {
  describeStep,
  filePools,
  planCompetitionUpdate,
  planFingerprint,
  type CurrentCompetition,
  type UpdatePlan,
  type UpdateStep,
} from '#shared/domain/competition-update';
import type { FinalMark } from '#shared/domain/final';
import { SettingsFieldsSchema } from '#shared/domain/settings';
import { etagOf } from '#shared/http/conditional';
import { parseWith } from '#shared/validation';
import {
  addService,
  addSubtype,
  addSuperType,
  addTeam,
  editService,
  editSubtype,
  editTeam,
  renameSuperType,
  replaceSubtypeCheck,
  retireSubtype,
  retireSuperType,
} from '#shared/app/live-edits';
import { changeSettings } from '#shared/app/settings';

export interface UpdatePreview {
  plan: UpdatePlan;
  fingerprint: string;
  /** Set when the event is finalised: then nothing may change. */
  final?: FinalMark;
}

/** The plan for this file against the event as it is now, or undefined when no competition is loaded. */
export async function previewCompetitionUpdate(file: Competition, namedSettings: readonly string[]): Promise<UpdatePreview | undefined> {
  const current = await readCurrentCompetition();
  if (!current) return undefined;
  const plan = planCompetitionUpdate(file, namedSettings, current.competition);
  return { plan, fingerprint: planFingerprint(plan), ...(current.final ? { final: current.final } : {}) };
}

export type UpdateOutcome =
  | { kind: 'missing' }
  /** The plan is not the one previewed any more (the event or the file changed): nothing was done. */
  | { kind: 'changed'; preview: UpdatePreview }
  | { kind: 'refused'; preview: UpdatePreview }
  | { kind: 'applied'; done: string[] }
  /** An edit failed (a 412, a 409…): those before it are applied, it and those after are not. */
  | { kind: 'stopped'; done: string[]; failed: string; error: Error };

/** Applies the plan previewed as `fingerprint`, step by step; `onStep` hears each one done. */
export async function applyCompetitionUpdate(
  file: Competition,
  namedSettings: readonly string[],
  fingerprint: string,
  audit: AuditContext,
  onStep: (line: string) => void = () => {},
): Promise<UpdateOutcome> {
  const preview = await previewCompetitionUpdate(file, namedSettings);
  if (!preview) return { kind: 'missing' };
  if (preview.fingerprint !== fingerprint) return { kind: 'changed', preview };
  if (preview.plan.refused.length > 0 || preview.final) return { kind: 'refused', preview };
  const done: string[] = [];
  /** Teams the plan adds, by number: their services are added to the id they got. */
  const added = new Map<number, number>();
  /** Subtypes whose check this run replaced. */
  const rewritten = new Set<number>();
  for (const step of preview.plan.steps) {
    try {
      await applyStep(step, file, audit, added, rewritten);
    } catch (error) {
      return { kind: 'stopped', done, failed: describeStep(step), error: error as Error };
    }
    done.push(describeStep(step));
    onStep(describeStep(step));
  }
  return { kind: 'applied', done };
}

async function applyStep(step: UpdateStep, file: Competition, audit: AuditContext, added: Map<number, number>, rewritten: Set<number>): Promise<void> {
  switch (step.kind) {
    case 'settings': {
      const result = await changeSettings((current) => parseWith(SettingsFieldsSchema, { ...current, ...step.change }), {
        ifMatch: 'any',
        audit: { ...audit, action: 'settings.update' },
      });
      if (result.kind === 'invalid') throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
      if (result.kind !== 'saved') throw new Error(`the settings could not be saved (${result.kind})`);
      return;
    }
    case 'super-type-add':
      await addSuperType(step.superType, audit);
      return;
    case 'super-type-edit':
      await renameSuperType(step.superType.id, step.name, etagOf(step.superType), audit);
      return;
    case 'super-type-retire':
      await retireSuperType(step.superType.id, etagOf(step.superType), audit);
      return;
    case 'subtype-add':
      await addSubtype(step.subtype, audit);
      return;
    case 'subtype-retire':
      await retireSubtype(step.subtype.id, etagOf(step.subtype), audit);
      return;
    case 'subtype-check':
      await replaceSubtypeCheck(step.subtype.id, step.check, etagOf(step.subtype), audit);
      rewritten.add(step.subtype.id);
      return;
    case 'subtype-edit': {
      // A check this plan replaced moved the subtype's version: held to the subtype as that step left it.
      const before = rewritten.has(step.subtype.id) ? await readSubtype(step.subtype.id) : step.subtype;
      await editSubtype(step.subtype.id, step.change, etagOf(before), audit);
      return;
    }
    case 'team-edit':
      await editTeam(step.team.id, step.change, etagOf(step.team), audit);
      return;
    case 'team-add':
      added.set(step.team.number, (await addTeam(step.team, audit)).id);
      return;
    case 'service-edit':
      await editService(step.service.id, step.change, etagOf(step.service), audit);
      return;
    case 'service-add': {
      const { team_number, ...service } = step.service;
      const teamId = added.get(team_number) ?? (await listTeamProfiles()).find((t) => t.number === team_number)?.id;
      if (teamId === undefined) throw new Error(`no team has number ${team_number}`);
      await addService({ team_id: teamId, ...service }, audit);
      return;
    }
    case 'finding-kinds':
      await replaceFindingKinds(step.kinds, audit);
      return;
    case 'pools': {
      // Last: every team and service the file names is in the event now, with its id.
      const placed = filePools(file, (await readCurrentCompetition())!.competition);
      if (!placed) throw new Error('a team or service the file places in a pool is not in the event');
      await replaceAllPools(placed, audit);
      return;
    }
  }
}

/** The event as the live edits read it: each record exactly as its edit's ETag is computed. */
async function readCurrentCompetition(): Promise<{ competition: CurrentCompetition; final?: FinalMark } | undefined> {
  const [settings, superTypes, subtypes, teams, services, { pools }, { kinds: findingKinds }] = await Promise.all([
    getSettings({ consistent: true }),
    listStoredSuperTypes(),
    listStoredSubtypes(),
    listTeamProfiles(),
    listServiceEndpoints(),
    readPools({ consistent: true }),
    readFindingKinds(),
  ]);
  if (!settings) return undefined;
  const { id: _id, ...fields } = settings.settings;
  return {
    competition: { settings: fields, superTypes, subtypes, teams, services, pools, findingKinds },
    ...(settings.final ? { final: settings.final } : {}),
  };
}
