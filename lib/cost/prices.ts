/**
 * AWS list prices the cost model uses: us-east-1, on-demand, USD, before free
 * tiers. Typed in by hand from the AWS pricing pages on the date below;
 * check them before trusting a figure, and change them here only.
 */
export const PRICES_AS_OF = '2026-11-23';
export const PRICE_REGION = 'us-east-1';

export const PRICES = {
  lambdaPerMillionRequests: 0.2,
  /** Arm64 (Graviton), per GB-second. */
  lambdaPerGbSecond: 0.0000133334,
  httpApiPerMillionRequests: 1.0,
  dynamoPerMillionWriteUnits: 0.625,
  dynamoPerMillionReadUnits: 0.125,
  dynamoStoragePerGbMonth: 0.25,
  dynamoBackupPerGbMonth: 0.2,
  cloudFrontPerMillionHttpsRequests: 1.0,
  cloudFrontPerGbOut: 0.085,
  logsIngestPerGb: 0.5,
  logsStoragePerGbMonth: 0.03,
  /** A standard-resolution alarm, per metric it reads (metric math counts each metric), per month. */
  alarmMetricPerMonth: 0.1,
  dashboardPerMonth: 3.0,
  customMetricPerMonth: 0.3,
  xrayPerMillionTracesRecorded: 5.0,
  secretPerMonth: 0.4,
  /** KMS: a customer-managed key a month, and its requests (GenerateDataKey, Decrypt). */
  kmsKeyPerMonth: 1,
  kmsPer10kRequests: 0.03,
  wafWebAclPerMonth: 5.0,
  wafRulePerMonth: 1.0,
  wafPerMillionRequests: 0.6,
  /**
   * AppSync Events (the spectators' nudges, decision 0086, whose figures these are): an Event API operation is a
   * publish or a message delivered to one subscriber; a connection minute is one open socket for a minute.
   */
  appSyncEventsPerMillionOperations: 1.0,
  appSyncEventsPerMillionConnectionMinutes: 0.08,
} as const;
