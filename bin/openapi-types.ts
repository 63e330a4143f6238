import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../lib/client-types';

/** Regenerates the typed client's types after a change to the route table or its schemas. */
writeFileSync(resolve(import.meta.dirname, '..', CLIENT_TYPES_FILE), await clientTypesSource());
console.log(`wrote ${CLIENT_TYPES_FILE}`);
