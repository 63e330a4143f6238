/**
 * Every response schema, for the OpenAPI description (each titled one is a
 * component) and its tests. Handlers and the route table import an area's
 * own file: this list is for what needs them all.
 */
export * from '#shared/api/schemas/responses/audit';
export * from '#shared/api/schemas/responses/beacons';
export * from '#shared/api/schemas/responses/common';
export * from '#shared/api/schemas/responses/competition';
export * from '#shared/api/schemas/responses/debriefs';
export * from '#shared/api/schemas/responses/injects';
export * from '#shared/api/schemas/responses/pools';
export * from '#shared/api/schemas/responses/red-team';
export * from '#shared/api/schemas/responses/scoring';
export * from '#shared/api/schemas/responses/services';
export * from '#shared/api/schemas/responses/settings';
export * from '#shared/api/schemas/responses/team';
