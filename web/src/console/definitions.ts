import { ApiError, type Service, type Subtype, type Team } from '../api';
import { h, replaceContent } from '../dom';
import { listTable } from './table';
import type { ConsoleContext } from './context';
import { explain } from './explain';
import { fieldsForm, idempotencyKey } from './fields';

/**
 * What the event is made of, as organisers change it while it runs: teams
 * (add, rename, hide, show), services (add, move, disable, check now) and the
 * subtypes' checks (replace what a check expects). Each record opens fresh
 * in the editor and is saved with its ETag; each create with the key its
 * form was opened with.
 */

export function teamsTable(context: ConsoleContext, teams: Team[]): HTMLElement {
  return listTable(
    { className: 'console-teams', caption: 'Teams, hidden ones included', region: 'Teams', headers: ['Number', 'Name', 'Domain', 'Edit'] },
    teams.map((team) => {
      const button = h('button', { type: 'button', class: 'link-button' }, 'Edit', h('span', { class: 'visually-hidden' }, ` team ${team.number}`));
      button.addEventListener('click', () => void openTeam(context, team));
      return h(
        'tr',
        { 'data-team-id': team.id },
        h('th', { scope: 'row' }, String(team.number)),
        h('td', {}, h('a', { href: `#/teams/${team.number}` }, team.name)),
        h('td', {}, team.team_url),
        h('td', {}, button),
      );
    }),
  );
}

/** A service as the console's table and editor name it. */
export type ServiceRow = Pick<Service, 'id' | 'subtype'> & { team: Pick<Team, 'id' | 'number'> };

/** Opens a team for editing: its profile as it is now, and the ETag the save will name. */
export async function openTeam({ api, editor, say, reload }: ConsoleContext, team: Team): Promise<void> {
  let opened;
  try {
    opened = await api.teamProfile(team.id);
  } catch (error) {
    return say(explain(error));
  }
  const form = fieldsForm(
    'team',
    `Team ${opened.data.number}`,
    [
      { name: 'name', label: 'Name', value: opened.data.name, required: true },
      { name: 'team_url', label: 'DNS zone (its records move with it; its services’ host names do not)', value: opened.data.team_url, required: true },
      { name: 'hidden', label: 'Hidden from the public (its results stay)', value: opened.data.hidden },
      {
        name: 'networks',
        label: 'Networks, its public egress ranges, as JSON: ["203.0.113.0/24"] (a red team beacon counts only from them; none: no beacons)',
        value: opened.data.networks,
        kind: 'json',
      },
    ],
    'Save the team',
    (values) => {
      api
        .editTeam(team.id, opened.etag, values as { name: string; team_url: string; hidden: boolean; networks: string[] })
        .then((done) => {
          replaceContent(editor);
          say(`Team ${done.data.number} saved: ${done.data.name}, zone ${done.data.team_url}${done.data.hidden ? ', hidden' : ''}.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/** Opens a service for editing: where its check goes now, its points, whether it is enabled, and the ETag the save will name. */
export async function openService({ api, editor, say, reload }: ConsoleContext, service: ServiceRow): Promise<void> {
  let opened;
  try {
    opened = await api.serviceEndpoint(service.id);
  } catch (error) {
    return say(explain(error));
  }
  const what = `${opened.data.subtype} of team ${service.team.number}`;
  const form = fieldsForm(
    'service',
    what,
    [
      { name: 'url', label: 'Host', value: opened.data.url, required: true },
      { name: 'port', label: 'Port', value: opened.data.port, required: true },
      { name: 'max_score', label: 'Points per passed check (from its next result)', value: opened.data.max_score, required: true },
      { name: 'enabled', label: 'Enabled: checked and scored (unticked, it leaves every list and count; what it earned stays)', value: opened.data.enabled },
    ],
    'Save the service',
    (values) => {
      api
        .editService(service.id, opened.etag, values as { url: string; port: number; max_score: number; enabled: boolean })
        .then((done) => {
          replaceContent(editor);
          say(
            done.data.enabled
              ? `${what} saved: ${done.data.url}:${done.data.port}, worth ${done.data.max_score}, checked so from the next round.`
              : `${what} saved: disabled, not checked from the next round; what it earned stays.`,
          );
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  // Asked for on demand: most services have no check accounts nor a check of their own, and those reads are 404s.
  const context = { api, editor, say, reload };
  const accounts = h('div', {});
  const show = h('button', { type: 'button' }, 'Show its check accounts');
  show.addEventListener('click', () => void accountsPart(context, service).then((part) => replaceContent(accounts, part)));
  const ownCheck = h('div', {});
  const showCheck = h('button', { type: 'button' }, 'Show its own check');
  showCheck.addEventListener('click', () => void ownCheckPart(context, service, ownCheck));
  replaceContent(editor, form.form, h('p', {}, show, ' ', showCheck), accounts, ownCheck);
  form.first()?.focus();
}

/**
 * The service's own check, in place of its subtype's (its subtype's kind,
 * other parameters; never a mail check), as JSON like a competition file's:
 * given, changed with its ETag, or removed (back to the subtype's).
 */
async function ownCheckPart(context: ConsoleContext, service: ServiceRow, into: HTMLElement): Promise<void> {
  const { api, say } = context;
  const what = `${service.subtype} of team ${service.team.number}`;
  let opened: { data: { check: Record<string, unknown> }; etag: string } | undefined;
  try {
    opened = await api.serviceCheck(service.id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) return say(explain(error));
  }
  const form = fieldsForm(
    'service-check',
    opened ? `Its own check (in place of ${service.subtype}'s)` : `It is checked as ${service.subtype} says: give it its own check`,
    [{ name: 'check', label: 'Its check, as JSON (the subtype’s kind and its parameters)', value: opened?.data.check ?? { check: '' }, kind: 'json' }],
    'Save its own check',
    (values) => {
      api
        .replaceServiceCheck(service.id, opened?.etag, values.check as Record<string, unknown>)
        .then(() => {
          say(`${what} has its own check now: from the agent's next round.`);
          return ownCheckPart(context, service, into);
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  const parts: HTMLElement[] = [form.form];
  if (opened) {
    const { etag } = opened;
    const remove = h('button', { type: 'button' }, 'Check it as its subtype says again');
    remove.addEventListener('click', () => {
      void api.removeServiceCheck(service.id, etag).then(
        () => {
          say(`${what} is checked as ${service.subtype} says again, from the agent's next round.`);
          return ownCheckPart(context, service, into);
        },
        (error: unknown) => say(explain(error)),
      );
    });
    parts.push(h('p', {}, remove));
  }
  replaceContent(into, ...parts);
}

/**
 * The service's check accounts (never a secret), each with a reset: back
 * to what the competition file or the organisers' last replace set, undoing
 * the team's password change requests (a user one added is removed).
 */
async function accountsPart({ api, say }: ConsoleContext, service: ServiceRow): Promise<HTMLElement> {
  let opened;
  try {
    opened = await api.serviceAccounts(service.id);
  } catch (error) {
    return h('p', { class: 'empty' }, error instanceof ApiError && error.status === 404 ? 'This service has no check accounts.' : explain(error));
  }
  let { etag } = opened;
  return h(
    'div',
    { class: 'member-form' },
    h('h3', {}, 'Check accounts'),
    h(
      'ul',
      {},
      ...opened.data.accounts.map((account) => {
        const reset = h(
          'button',
          { type: 'button', class: 'link-button' },
          'Set back to its default',
          h('span', { class: 'visually-hidden' }, ` (${account.username})`),
        );
        reset.addEventListener(
          'click',
          () =>
            void api.resetServiceAccount(service.id, etag, account.username).then(
              (done) => {
                etag = done.etag;
                say(`${account.username} of ${service.subtype} of team ${service.team.number} set back to its default: checked with it from the next round.`);
              },
              (error: unknown) => say(explain(error)),
            ),
        );
        return h('li', {}, `${account.username} (${account.credential}, set ${account.set_at}) `, reset);
      }),
    ),
  );
}

/** A dry run: asked, then its outcome read until it is there (at most a minute). */
export async function checkNow({ api, say }: ConsoleContext, service: ServiceRow): Promise<void> {
  const what = `${service.subtype} of team ${service.team.number}`;
  let job;
  try {
    job = await api.checkNow(service.id);
  } catch (error) {
    return say(explain(error));
  }
  say(`Checking ${what}…`);
  for (let waited = 0; waited < 60_000; waited += 2000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const found = (await api.checks(service.team.id).catch(() => [])).find((j) => j.id === job.id);
    if (found?.outcome)
      return say(`${what}: ${found.outcome.passed ? 'passed' : `failed, ${found.outcome.reason ?? found.outcome.category ?? 'no reason given'}`}.`);
    if (found?.state === 'lost') return say(`${what}: no agent ran the check. Is the agent running?`);
  }
  say(`${what}: no result within a minute. Is the agent running?`);
}

/** A new team: shown on the board at once unless created hidden; its services are added next. */
export function openNewTeam({ api, editor, say, reload }: ConsoleContext): void {
  const key = idempotencyKey();
  const form = fieldsForm(
    'new-team',
    'Add a team',
    [
      { name: 'number', label: 'Team number', value: null, kind: 'number', required: true },
      { name: 'name', label: 'Team name', value: '', required: true },
      { name: 'team_url', label: "Team's DNS zone (team15.example.org)", value: '', required: true },
      { name: 'logo', label: 'Logo URL (optional)', value: '', optional: true },
      { name: 'guest_division', label: 'In the guest division', value: false },
      { name: 'hidden', label: 'Hidden until shown (PATCH, or Edit above)', value: false },
    ],
    'Add the team',
    (values) => {
      api
        .createTeam(key, values as Parameters<typeof api.createTeam>[1])
        .then((team) => {
          replaceContent(editor);
          say(`Team ${team.number} added: ${team.name}${team.hidden ? ', hidden' : ''}. Add its services next.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/** A new service of a team: checked from the agent's next round, earning from its first result. */
export async function openNewService({ api, editor, say, reload }: ConsoleContext): Promise<void> {
  let teams, subtypes;
  try {
    [teams, subtypes] = await Promise.all([api.teams(), api.subtypes()]);
  } catch (error) {
    return say(explain(error));
  }
  const key = idempotencyKey();
  const form = fieldsForm(
    'new-service',
    'Add a service',
    [
      {
        name: 'team_id',
        label: 'Team',
        value: teams[0]?.id ?? '',
        kind: 'select',
        options: teams.map((t) => ({ value: String(t.id), label: `${t.number} ${t.name}` })),
      },
      {
        name: 'subtype_id',
        label: 'Check (subtype)',
        value: subtypes[0]?.id ?? '',
        kind: 'select',
        options: subtypes.map((s) => ({ value: String(s.id), label: `${s.name} (${s.max_score} points)` })),
      },
      { name: 'url', label: 'Host the check connects to', value: '', required: true },
      { name: 'port', label: 'Port the check connects to', value: null, kind: 'number', required: true },
      { name: 'max_score', label: "Points per passed check (optional: the subtype's)", value: null, kind: 'number', optional: true },
      {
        name: 'accounts',
        label: 'Check accounts (optional, JSON: [{"username": "…", "password": "…"}])',
        value: undefined,
        kind: 'json',
        optional: true,
      },
    ],
    'Add the service',
    (values) => {
      const body = { ...values, team_id: Number(values.team_id), subtype_id: Number(values.subtype_id) };
      api
        .createService(key, body as Parameters<typeof api.createService>[1])
        .then((service) => {
          replaceContent(editor);
          say(`${service.subtype} added to the team at ${service.url}:${service.port}: checked from the agent's next round.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

export function subtypesTable(context: ConsoleContext, subtypes: Subtype[]): HTMLElement {
  return listTable(
    { className: 'console-subtypes', caption: 'Subtypes: the kinds of check', region: 'Subtypes', headers: ['Subtype', 'Kind', 'Points', 'Edit'] },
    subtypes.map((subtype) => {
      const of = () => h('span', { class: 'visually-hidden' }, ` of ${subtype.name}`);
      const check = h('button', { type: 'button', class: 'link-button' }, 'The check', of());
      check.addEventListener('click', () => void openSubtypeCheck(context, subtype.id));
      const fields = h('button', { type: 'button', class: 'link-button' }, 'Name and points', of());
      fields.addEventListener('click', () => void openSubtypeFields(context, subtype.id));
      const retire = h('button', { type: 'button', class: 'link-button' }, 'Retire', of());
      retire.addEventListener('click', () => void retireSubtype(context, subtype));
      return h(
        'tr',
        { 'data-subtype-id': subtype.id },
        h('th', { scope: 'row' }, subtype.name),
        h('td', {}, subtype.check ?? 'not checked by agents'),
        h('td', {}, String(subtype.max_score)),
        h('td', {}, check, ' ', fields, ' ', retire),
      );
    }),
  );
}

/** The fields of a subtype that are not its check definition. */
const SUBTYPE_FIELDS = new Set(['id', 'name', 'super_type_id', 'max_score', 'sla_threshold', 'sla_penalty', 'version']);

/**
 * A subtype's check, one field per parameter it has now (the kind fixed: a
 * kind's parameters are its own). Saved whole with the ETag it was opened
 * with; a parameter emptied is left out, and takes its default.
 */
async function openSubtypeCheck({ api, editor, say, reload }: ConsoleContext, id: number): Promise<void> {
  let opened;
  try {
    opened = await api.subtype(id);
  } catch (error) {
    return say(explain(error));
  }
  const { check, ...rest } = opened.data;
  const parameters = Object.entries(rest).filter(([name]) => !SUBTYPE_FIELDS.has(name));
  const form = fieldsForm(
    'subtype-check',
    `The ${check ?? ''} check of ${opened.data.name}`,
    parameters.map(([name, value]) => ({ name, label: name, value, optional: true })),
    'Save the check',
    (values) => {
      api
        .replaceSubtypeCheck(id, opened.etag, { check, ...values })
        .then((done) => {
          replaceContent(editor);
          say(`The check of ${done.data.name} saved: the agent checks by it from its next round.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/**
 * A subtype's name and points: a fan-out to every service of it. The page
 * first previews which services follow (those with the subtype's points)
 * and which keep points of their own; the save names the ETag the preview
 * was made with, so a subtype changed since is 412, and a 503 midway is
 * finished by saving again.
 */
async function openSubtypeFields({ api, editor, say, reload }: ConsoleContext, id: number): Promise<void> {
  let opened, services;
  try {
    [opened, services] = await Promise.all([api.subtype(id), api.servicesOfSubtype(id)]);
  } catch (error) {
    return say(explain(error));
  }
  const follow = services.filter((s) => s.max_score === opened.data.max_score);
  const own = services.filter((s) => s.max_score !== opened.data.max_score);
  const preview = h(
    'p',
    { id: 'subtype-fields-preview' },
    `${services.length} service(s) of ${opened.data.name}: ${follow.length} have its ${opened.data.max_score} points and follow a change of them`,
    own.length > 0 ? `; ${own.length} keep points of their own (${own.map((s) => `${s.url}:${s.port}: ${s.max_score}`).join(', ')})` : '',
    '. Each is renamed with it. Results already recorded keep what they earned.',
  );
  const form = fieldsForm(
    'subtype-fields',
    `${opened.data.name}: name and points`,
    [
      { name: 'name', label: 'Name', value: opened.data.name, required: true },
      { name: 'max_score', label: 'Points per passed check (from each service’s next result)', value: opened.data.max_score, required: true },
    ],
    `Save, and change its ${services.length} service(s)`,
    (values) => {
      api
        .editSubtype(id, opened.etag, values as { name: string; max_score: number })
        .then((done) => {
          replaceContent(editor);
          say(`${done.data.name} saved: worth ${done.data.max_score}, its services changed with it.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, preview, form.form);
  form.first()?.focus();
}

/** A kind of check added during the event: its services come after (Add a service). Its check's parameters are JSON, as in a competition file. */
export async function openNewSubtype({ api, editor, say, reload }: ConsoleContext): Promise<void> {
  let superTypes;
  try {
    superTypes = await api.superTypes();
  } catch (error) {
    return say(explain(error));
  }
  const key = crypto.randomUUID();
  const form = fieldsForm(
    'new-subtype',
    'Add a subtype (a kind of check)',
    [
      { name: 'name', label: 'Subtype name', value: '', required: true },
      {
        name: 'super_type_id',
        label: 'Super type',
        value: superTypes[0]?.id ?? '',
        kind: 'select',
        options: superTypes.map((s) => ({ value: String(s.id), label: s.name })),
      },
      { name: 'max_score', label: 'Points per passed check', value: 10, kind: 'number' },
      { name: 'check', label: 'Check kind (http, tcp, ssh…; empty: not checked by agents)', value: '', optional: true },
      { name: 'parameters', label: 'The check’s parameters (JSON, as in a competition file)', value: {}, kind: 'json', optional: true },
    ],
    'Add the subtype',
    (values) => {
      const { parameters, super_type_id, ...rest } = values as { parameters?: Record<string, unknown>; super_type_id: string };
      api
        .createSubtype(key, { ...rest, super_type_id: Number(super_type_id), ...(parameters ?? {}) })
        .then((subtype) => {
          replaceContent(editor);
          say(`Subtype ${subtype.name} added (id ${subtype.id}): add its services next.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

/** Retires a subtype no service has, with the ETag read just before (a 409 says why one stays). */
async function retireSubtype({ api, say, reload }: ConsoleContext, subtype: Subtype): Promise<void> {
  try {
    const opened = await api.subtype(subtype.id);
    await api.retireSubtype(subtype.id, opened.etag);
    say(`Subtype ${subtype.name} retired.`);
    await reload();
  } catch (error) {
    say(explain(error));
  }
}

/** The super types: a column of every scorecard each; rename one, retire one nothing uses, add one. */
export function superTypesTable(context: ConsoleContext, superTypes: { id: number; name: string }[]): HTMLElement {
  return listTable(
    { className: 'console-super-types', caption: 'Super types: the scorecards’ columns', region: 'Super types', headers: ['Super type', 'Edit'] },
    superTypes.map((superType) => {
      const of = () => h('span', { class: 'visually-hidden' }, ` ${superType.name}`);
      const rename = h('button', { type: 'button', class: 'link-button' }, 'Rename', of());
      rename.addEventListener('click', () => void openSuperType(context, superType.id));
      const retire = h('button', { type: 'button', class: 'link-button' }, 'Retire', of());
      retire.addEventListener('click', () => void retireSuperType(context, superType));
      return h('tr', { 'data-super-type-id': superType.id }, h('th', { scope: 'row' }, superType.name), h('td', {}, rename, ' ', retire));
    }),
  );
}

async function openSuperType({ api, editor, say, reload }: ConsoleContext, id: number): Promise<void> {
  let opened;
  try {
    opened = await api.superType(id);
  } catch (error) {
    return say(explain(error));
  }
  const form = fieldsForm(
    'super-type',
    `Super type ${opened.data.name}`,
    [{ name: 'name', label: 'Super type name', value: opened.data.name, required: true }],
    'Save the name',
    (values) => {
      api
        .renameSuperType(id, opened.etag, String(values.name))
        .then((done) => {
          replaceContent(editor);
          say(`Super type ${done.data.name} saved: every scorecard shows it.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}

async function retireSuperType({ api, say, reload }: ConsoleContext, superType: { id: number; name: string }): Promise<void> {
  try {
    const opened = await api.superType(superType.id);
    await api.retireSuperType(superType.id, opened.etag);
    say(`Super type ${superType.name} retired.`);
    await reload();
  } catch (error) {
    say(explain(error));
  }
}

/** A new super type: a new column of every scorecard. */
export function openNewSuperType({ api, editor, say, reload }: ConsoleContext): void {
  const key = crypto.randomUUID();
  const form = fieldsForm(
    'new-super-type',
    'Add a super type',
    [{ name: 'name', label: 'New super type name', value: '', required: true }],
    'Add the super type',
    (values) => {
      api
        .createSuperType(key, { name: String(values.name) })
        .then((superType) => {
          replaceContent(editor);
          say(`Super type ${superType.name} added.`);
          return reload();
        })
        .catch((error: unknown) => form.refuse(error, say));
    },
  );
  replaceContent(editor, form.form);
  form.first()?.focus();
}
