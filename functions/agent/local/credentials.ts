import type { ApiAuth } from '../api';

/**
 * Credentials from the environment for the local tools: `<PREFIX>_KEY=KEYID:SECRET`
 * (an IAM key the local server accepts, SCORING_LOCAL_IAM_KEYS; SigV4) or
 * `<PREFIX>_TOKEN` (a Bearer token), the first prefix that has either.
 */
export function authFromEnvironment(prefixes: string[]): ApiAuth | { error: string } {
  for (const prefix of prefixes) {
    const key = process.env[`${prefix}_KEY`];
    if (key) {
      const [accessKeyId, secretAccessKey] = key.split(':');
      if (!accessKeyId || !secretAccessKey) return { error: `${prefix}_KEY must be KEYID:SECRET.` };
      return { kind: 'sigv4', credentials: () => ({ accessKeyId, secretAccessKey }), region: process.env.AWS_REGION ?? 'us-east-1' };
    }
    const token = process.env[`${prefix}_TOKEN`];
    if (token) return { kind: 'bearer', token };
  }
  const names = prefixes.flatMap((p) => [`${p}_KEY=KEYID:SECRET`, `${p}_TOKEN`]);
  return { error: `Set one of ${names.join(', ')} (a key of the server's SCORING_LOCAL_IAM_KEYS, or a token).` };
}
