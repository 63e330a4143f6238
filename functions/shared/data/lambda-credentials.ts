/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles
 * (lib/bundling.ts aliases it here). In Lambda a function's credentials are
 * always its role's, in the environment; the SDK's default chain would also
 * bundle the SSO, STS, web-identity, INI-file, process and instance-metadata
 * providers and their nested clients, about a quarter of each bundle, parsed
 * at every cold start for nothing. The local twin runs the handlers unbundled
 * with the full chain.
 */
interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export const defaultProvider = () => async (): Promise<EnvCredentials> => {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('No credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): in Lambda the runtime sets them from the function role.');
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), ...(expiry ? { expiration: new Date(expiry) } : {}) };
};
