import * as v from 'valibot';
import { FreeText, PositiveInt } from '#shared/validation';
import { AccountsSchema } from '#shared/domain/accounts';
import { HostNameSchema, RelativeHostNameSchema } from '#shared/domain/hostnames';
import { LogoUrl, TeamName } from '#shared/domain/names';
import { NetworksSchema } from '#shared/domain/networks';

/**
 * Live edits while the board runs: teams, services, subtypes and super types added or changed.
 */

/** A live edit of a service: where its check goes (each field optional, at least one). */
export const ServiceUpdateBody = v.pipe(
  v.strictObject({
    url: v.optional(v.pipe(v.string(), v.maxLength(253), HostNameSchema, v.description('The host its check connects to (a name, or an IPv4 address).'))),
    port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535), v.description('The port its check connects to.'))),
    max_score: v.optional(
      v.pipe(PositiveInt, v.description('What a pass earns from the next result on: results already recorded keep what they earned and counted.')),
    ),
    enabled: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          "false disables it: no round checks it, no list shows it, its status leaves its team's counts; what it earned stays. true enables it again.",
        ),
      ),
    ),
  }),
  v.check(
    (b) => b.url !== undefined || b.port !== undefined || b.max_score !== undefined || b.enabled !== undefined,
    'send `url`, `port`, `max_score`, `enabled` or some of them',
  ),
);

/** A team added during the event: the fields a competition file gives a team, without services (add them with POST /services). */
export const TeamCreateBody = v.strictObject({
  number: v.pipe(PositiveInt, v.description("The team's number: new, and an octet of its addresses when the DNS address template uses it.")),
  name: v.pipe(TeamName, v.description('Its name, as the scoreboard shows it: new.')),
  logo: v.optional(v.pipe(LogoUrl, v.description('An http(s) URL, or empty for none.')), ''),
  team_url: v.pipe(RelativeHostNameSchema, v.description("Its DNS zone's name (new): its records and zone file live under it.")),
  guest_division: v.optional(v.boolean(), false),
  hidden: v.optional(v.pipe(v.boolean(), v.description('Create it hidden, and show it when it is ready (PATCH /teams/{id}).')), false),
  networks: v.optional(NetworksSchema, []),
});

/** A service added to a team during the event. */
export const ServiceCreateBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description('The team it belongs to.')),
  subtype_id: v.pipe(PositiveInt, v.description('Its subtype: what it is worth and how the agent checks it.')),
  url: v.pipe(v.string(), v.maxLength(253), HostNameSchema, v.description('The host its check connects to (a name, or an IPv4 address).')),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535), v.description('The port its check connects to.')),
  max_score: v.optional(v.pipe(PositiveInt, v.description("Its points per passed check, instead of its subtype's."))),
  accounts: v.optional(v.pipe(AccountsSchema, v.description('The accounts its login check signs in with (sealed at once; never shown again).'))),
});

/** A live edit of a team (each field optional, at least one): hiding is how a team with results goes away. */
export const TeamUpdateBody = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(TeamName, v.description("Its name, as the scoreboard shows it: no other team's (compared trimmed, in any case)."))),
    logo: v.optional(v.pipe(LogoUrl, v.description('An http(s) URL, or empty for none.'))),
    guest_division: v.optional(v.boolean()),
    hidden: v.optional(v.pipe(v.boolean(), v.description('Hidden: out of the public lists, the scoreboard and the status view (its results stay).'))),
    networks: v.optional(
      v.pipe(
        NetworksSchema,
        v.description(
          'Its public egress ranges, all of them (the list replaces the one before): beacons already open stay open, and count only from the new ranges.',
        ),
      ),
    ),
    team_url: v.optional(
      v.pipe(
        RelativeHostNameSchema,
        v.description(
          "Its DNS zone's name (no other team's): its records, relative to it, move with it; its services' host names do not (move them with PATCH /services/{id}).",
        ),
      ),
    ),
  }),
  v.check(
    (b) => Object.values(b).some((value) => value !== undefined),
    'send at least one of `name`, `logo`, `guest_division`, `hidden`, `team_url`, `networks`',
  ),
);

/** A subtype renamed or given other points: its services follow (those with points of their own keep them). */
export const SubtypeUpdateBody = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(FreeText(100), v.description('Its name, as every service of it shows it.'))),
    max_score: v.optional(
      v.pipe(
        PositiveInt,
        v.description(
          "What a pass earns, from each service's next result on: its services with the subtype's points follow; one with points of its own keeps them.",
        ),
      ),
    ),
  }),
  v.check((b) => b.name !== undefined || b.max_score !== undefined, 'send `name`, `max_score` or both'),
);

/** A super type added during the event. */
export const SuperTypeCreateBody = v.strictObject({
  id: v.optional(v.pipe(PositiveInt, v.description('Its id (new); the next free one when left out.'))),
  name: v.pipe(FreeText(100), v.description('Its name (new), as every scorecard shows it.')),
});

/** A super type renamed. */
export const SuperTypeUpdateBody = v.strictObject({ name: v.pipe(FreeText(100), v.description('Its name (new), as every scorecard shows it.')) });
