/**
 * Every key of the single table is built here and nowhere else. Prefixes name
 * the entity; ids are zero-padded so that sort order is numeric order.
 * The entity and access-pattern charts in the README mirror this file.
 */
export interface Key {
  pk: string;
  sk: string;
}

const pad = (n: number) => n.toString().padStart(10, '0');
const ZONE_SORT_KEY = 'ZONE';

export const PARTITION = {
  teams: 'TEAMS',
  services: 'SERVICES',
  superTypes: 'SUPERTYPES',
  subtypes: 'SUBTYPES',
  dns: 'DNS',
  tokens: 'TOKENS',
  counters: 'COUNTERS',
} as const;

export const keys = {
  competition: (): Key => ({ pk: 'COMPETITION', sk: 'COMPETITION' }),
  counter: (entity: string): Key => ({ pk: PARTITION.counters, sk: entity }),
  settings: (id: number): Key => ({ pk: 'SETTINGS', sk: `SETTINGS#${id}` }),

  superType: (id: number): Key => ({ pk: PARTITION.superTypes, sk: `SUPERTYPE#${pad(id)}` }),
  subtype: (id: number): Key => ({ pk: PARTITION.subtypes, sk: `SUBTYPE#${pad(id)}` }),

  team: (id: number): Key => ({ pk: PARTITION.teams, sk: `TEAM#${pad(id)}` }),
  /** A team's own partition: its zone state and its adjustments. */
  teamPartition: (id: number) => `TEAM#${pad(id)}`,
  teamZone: (teamId: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: ZONE_SORT_KEY }),
  teamZoneSortKey: () => ZONE_SORT_KEY,
  adjustment: (teamId: number, id: number): Key => ({ pk: `TEAM#${pad(teamId)}`, sk: `ADJUSTMENT#${pad(id)}` }),
  adjustmentPrefix: 'ADJUSTMENT#',

  service: (id: number): Key => ({ pk: PARTITION.services, sk: `SERVICE#${pad(id)}` }),
  servicesOfTeamNumber: (teamNumber: number) => ({ gsi1pk: `TEAMNUMBER#${teamNumber}` }),
  servicesOfSubtype: (subtypeId: number) => ({ gsi2pk: `SUBTYPE#${pad(subtypeId)}` }),
  serviceIndexes: (serviceId: number, teamNumber: number, subtypeId: number) => ({
    gsi1pk: `TEAMNUMBER#${teamNumber}`,
    gsi1sk: `SERVICE#${pad(serviceId)}`,
    gsi2pk: `SUBTYPE#${pad(subtypeId)}`,
    gsi2sk: `SERVICE#${pad(serviceId)}`,
  }),
  /** A service's own partition: its scan history and the scan ids it has seen. */
  servicePartition: (id: number) => `SERVICE#${pad(id)}`,
  scanResult: (serviceId: number, sequence: number): Key => ({ pk: `SERVICE#${pad(serviceId)}`, sk: `SCAN#${pad(sequence)}` }),
  scanPrefix: 'SCAN#',
  scanId: (serviceId: number, scanId: string): Key => ({ pk: `SERVICE#${pad(serviceId)}`, sk: `SCANID#${scanId}` }),

  dnsRecord: (id: number): Key => ({ pk: PARTITION.dns, sk: `DNS#${pad(id)}` }),

  token: (hash: string): Key => ({ pk: PARTITION.tokens, sk: `TOKEN#${hash}` }),
};


/** The registry of IAM principals (users, roles) that may call the IAM API, with their role: one item per ARN. */
export const IAM_PRINCIPALS_PARTITION = 'IAM_PRINCIPALS';
export const iamPrincipalKey = (arn: string): Key => ({ pk: IAM_PRINCIPALS_PARTITION, sk: `ARN#${arn}` });
