import { openApiDocument } from '#shared/api/openapi';
import { writeFileSync } from 'node:fs';
const t0 = Date.now();
writeFileSync('/tmp/openapi.json', JSON.stringify(openApiDocument('token'), null, 2));
console.log(Date.now() - t0, 'ms');
writeFileSync('/tmp/openapi-iam.json', JSON.stringify(openApiDocument('iam'), null, 2));
console.log(Date.now() - t0, 'ms');
