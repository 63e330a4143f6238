/**
 * How many test files run at once. Most of them wait on DynamoDB Local, a
 * browser or a target rather than on their own CPU: two halved the suite's
 * time on two cores (420 s to about 250 s measured), and three took a fifth
 * off two's (409 s against 511 s, the same tree). Each worker has a
 * DynamoDB Local of its own (global-setup.ts): one file's burst of contended
 * transactions stalls its own, never another worker's.
 */
export const TEST_WORKERS = 3;
