/**
 * How many test files run at once. Most of them wait on DynamoDB Local, a
 * browser or a target rather than on their own CPU: two halved the suite's
 * time on two cores (420 s to about 250 s measured); three gain nothing
 * more on a clean clone (vitest 457 s against two's 473 s: files import and
 * run slower by as much as they overlap). Each worker has a
 * DynamoDB Local of its own (global-setup.ts): one file's burst of contended
 * transactions stalls its own, never another worker's.
 */
export const TEST_WORKERS = 2;
