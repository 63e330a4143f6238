/**
 * The one freshness rule for what the scoring and rendering paths read of the
 * competition's configuration: the settings (with the finalise mark), the
 * service definitions and the super types. A function's copy is at most
 * FRESHNESS_MS behind the settings item, on every path that reads them: scan
 * reports, the fold, the scoreboard, scorecards, services, their check
 * history and the score history. The settings are read again after that long;
 * definitions and super types are kept while the settings version they were
 * read under is the current one, since whatever changes them moves that
 * version (a competition load writes the settings), and while the mark every
 * live edit of a definition moves on the settings item is the same
 * (`definitions`: the settings' own version, their ETag, stays). One item read by every result of a burst, or
 * by every request of a crowd, would be a hot key; a change an organiser makes
 * reaches every path within this bound, and the scoreboard freeze, announced
 * minutes ahead, switches on every route at the same instant.
 *
 * The public version (what a public view's ETag is made of) is kept a
 * second: a poll whose ETag is current then costs no read at all.
 *
 * The settings routes, settings writes (If-Match depends on it), the zone
 * export and the command line read the settings item consistently instead
 * (data/settings.ts).
 */
import { DEFAULT_SETTINGS, type SettingsFields } from '#shared/domain/settings';
import type { SuperType } from '#shared/domain/model';
import { getServiceDefinition, listServiceEndpoints, type ServiceEndpoint, type StoredDefinition } from '#shared/data/services';
import { getSettings } from '#shared/data/settings';
import { listSubtypes, listSuperTypes } from '#shared/data/subtypes';
import { readPublicVersions, type PublicTopic, type PublicVersion } from '#shared/data/public-version';
import { readInjectSchedule } from '#shared/data/injects';
import type { ScheduledInject } from '#shared/domain/injects';
import { readPools } from '#shared/data/pools';
import { poolIndex, type PoolIndex } from '#shared/domain/pools';

/** How old a function's copy of the settings or a service definition may be. */
export const FRESHNESS_MS = 5_000;

/** The settings and whether the competition is finalised (the mark lives on the settings item: one read for both). */
export interface FreshSettings {
  settings: SettingsFields;
  final: boolean;
  /** The settings item's version (0 before a competition is loaded): part of a public view's ETag. */
  version: number;
  /** What kept definitions are read under: the settings version and the mark every live edit of a definition moves. */
  definitions: string;
}

/** Every kept copy's way to be forgotten (forgetFreshCopies). */
const forgetters: (() => void)[] = [];

/** The table the kept copies were read from (a Lambda function's never changes; the local server's tests and the bench switch). */
let copiesOf: string | undefined;

/** Forgets every copy when the table is not the one they were read from. */
function forgetIfTableSwitched(): void {
  const table = process.env.TABLE_NAME;
  if (table === copiesOf) return;
  forgetFreshCopies();
  copiesOf = table;
}

/**
 * A read kept for `ms` after it was made (a failed read is not kept: the next caller reads again); `renew`
 * reads again at once, when the caller knows the copy is behind.
 */
function keptFor<T>(ms: number, read: (renew: boolean) => Promise<T>): (renew?: boolean) => Promise<T> {
  let copy: { value: Promise<T>; until: number } | undefined;
  forgetters.push(() => (copy = undefined));
  return (renew = false) => {
    forgetIfTableSwitched();
    const now = Date.now();
    if (!copy || copy.until <= now || renew) {
      const value = read(renew);
      copy = { value, until: now + ms };
      value.catch(() => (copy = undefined));
    }
    return copy.value;
  };
}

/** Copies kept under the settings version they were read with. */
const definitionCopies = new Map<number, { value: Promise<StoredDefinition | undefined>; version: string }>();

/** The settings as this function last read them, at most FRESHNESS_MS ago (the defaults before a competition is loaded). */
export const freshSettings: () => Promise<FreshSettings> = keptFor(FRESHNESS_MS, () =>
  getSettings().then((s) => ({
    settings: s?.settings ?? DEFAULT_SETTINGS,
    final: s?.final !== undefined,
    version: s?.version ?? 0,
    definitions: `${s?.version ?? 0}.${s?.definitions ?? 0}`,
  })),
);

/** A service's definition (max_score, team, super type, SLA rules), as of the settings version this function last read. */
export async function freshServiceDefinition(serviceId: number): Promise<StoredDefinition | undefined> {
  // freshSettings() forgot every copy if the table switched.
  const { definitions: version } = await freshSettings();
  const copy = definitionCopies.get(serviceId);
  if (copy && copy.version === version) return copy.value;
  const value = getServiceDefinition(serviceId);
  definitionCopies.set(serviceId, { value, version });
  // Neither a failed read nor an unknown id is kept: the next caller reads again.
  value.then((definition) => definition ?? definitionCopies.delete(serviceId)).catch(() => definitionCopies.delete(serviceId));
  return value;
}

/**
 * How long a function keeps the public version it read: a poll whose ETag is
 * current is then answered without any read. A view's tag may lag a move of
 * the version by this long (and then a view settles for VIEW_SETTLE_MS
 * anyway), far inside the public max-age of 5 s.
 */
export const PUBLIC_VERSION_FRESHNESS_MS = 1_000;

// Renewed for a nudge: consistently, or an eventually consistent read could miss the very move the nudge told of.
const keptPublicVersions = keptFor(PUBLIC_VERSION_FRESHNESS_MS, (renew) => readPublicVersions(renew));

/**
 * The public versions as this function last read them, at most PUBLIC_VERSION_FRESHNESS_MS ago; read again
 * when the copy is behind `atLeast`, the version a nudged page asks for (`?v=`, decision 0086): the nudge
 * says it exists, and a copy up to a second old would answer the page with what it already holds.
 */
export async function freshPublicVersions(atLeast?: { topic: PublicTopic; version: number }): Promise<Record<PublicTopic, PublicVersion>> {
  const kept = await keptPublicVersions();
  if (!atLeast || kept[atLeast.topic].version >= atLeast.version) return kept;
  return keptPublicVersions(true);
}

/** A read kept while the settings version it was made under is current (a load moves the version; a failed read is not kept). */
function keptPerSettingsVersion<T>(read: () => Promise<T>): () => Promise<T> {
  let copy: { value: Promise<T>; version: string } | undefined;
  forgetters.push(() => (copy = undefined));
  return async () => {
    const { definitions: version } = await freshSettings();
    if (!copy || copy.version !== version) {
      const value = read();
      copy = { value, version };
      value.catch(() => (copy = undefined));
    }
    return copy.value;
  };
}

/** The super types (a scoreboard's columns), as of the settings version this function last read. */
export const freshSuperTypes: () => Promise<SuperType[]> = keptPerSettingsVersion(listSuperTypes);

/** The published injects' due times, points and super types (the board's maxima), at most FRESHNESS_MS old. */
export const freshInjectSchedule: () => Promise<ScheduledInject[]> = keptFor(FRESHNESS_MS, readInjectSchedule);

/** The subtypes' names by id (the status view's columns), as of the settings version this function last read. */
export const freshSubtypeNames: () => Promise<Map<number, string>> = keptPerSettingsVersion(
  async () => new Map((await listSubtypes()).map((s) => [s.id, s.name])),
);

/** Who names what among the pools (a scan report's check that its agent's pool holds the service), as of the settings version this function last read. */
export const freshPoolIndex: () => Promise<PoolIndex> = keptPerSettingsVersion(async () => poolIndex((await readPools()).pools));

/**
 * Every service's endpoint (the console's services view), kept under the
 * definitions mark, read consistently on every call: each edit of a service
 * moves the mark in its own transaction, so the copy is never stale, and a
 * warm function answers from one small GetItem instead of 5 000 items. The
 * list is read after the mark, so it is at least as new as the mark it is
 * kept under.
 */
let endpointsCopy: { value: Promise<ServiceEndpoint[]>; mark: string } | undefined;
forgetters.push(() => (endpointsCopy = undefined));
export async function currentServiceEndpoints(): Promise<ServiceEndpoint[]> {
  forgetIfTableSwitched();
  const settings = await getSettings({ consistent: true });
  const mark = `${settings?.version ?? 0}.${settings?.definitions ?? 0}`;
  if (!endpointsCopy || endpointsCopy.mark !== mark) {
    const value = listServiceEndpoints();
    endpointsCopy = { value, mark };
    value.catch(() => (endpointsCopy = undefined));
  }
  return endpointsCopy.value;
}

/** Forgets every copy (tests change the settings and expect the next request to see it at once; a switch of table forgets them anyway). */
export function forgetFreshCopies(): void {
  for (const forget of forgetters) forget();
  definitionCopies.clear();
}
