import { describe, expect, it } from 'vitest';
import { normalizeIamArn } from '#shared/auth/iam-arns';
import { API_PREFIX, roleMayCall, routes } from '#shared/api/routes';
import { iamAllows } from '../../lib/route-resources';

describe('normalizeIamArn', () => {
  it('keys an assumed-role session by its role', () => {
    expect(normalizeIamArn('arn:aws:sts::123456789012:assumed-role/ScoringAgent/i-0abc123')).toBe('arn:aws:iam::123456789012:role/ScoringAgent');
    expect(normalizeIamArn('arn:aws-us-gov:sts::123456789012:assumed-role/Agent/botocore-session-1')).toBe('arn:aws-us-gov:iam::123456789012:role/Agent');
  });

  it('drops a role path, which session ARNs never carry', () => {
    expect(normalizeIamArn('arn:aws:iam::123456789012:role/ops/scoring/Agent')).toBe('arn:aws:iam::123456789012:role/Agent');
    expect(normalizeIamArn('arn:aws:iam::123456789012:role/Agent')).toBe('arn:aws:iam::123456789012:role/Agent');
  });

  it('keeps users as they are and refuses what is no principal ARN', () => {
    expect(normalizeIamArn('arn:aws:iam::123456789012:user/ops/alice')).toBe('arn:aws:iam::123456789012:user/ops/alice');
    for (const bad of ['', 'alice', 'arn:aws:s3:::bucket/key', 'arn:aws:sts::123456789012:assumed-role/NoSession', 'arn:aws:iam::12345:role/Short']) {
      expect(normalizeIamArn(bad), bad).toBeUndefined();
    }
  });
});

describe('iamAllows (the policies as IAM evaluates them)', () => {
  const zone = `${API_PREFIX}/teams/1/dns.zone`;

  it('lets a service account or an agent reach none of the spellings of an admin-only path', () => {
    for (const path of [zone, `${zone}/`, `${zone}//`, `${zone}/..`, `${API_PREFIX}/teams/1/dns`, `${API_PREFIX}//teams/1/dns.zone`]) {
      for (const method of ['GET', 'HEAD']) expect(iamAllows('service', method, path), `${method} ${path}`).toBe(false);
      for (const method of ['GET', 'HEAD']) expect(iamAllows('agent', method, path), `${method} ${path}`).toBe(false);
    }
    // Nor an agent the settings' write, below the settings' read it may call.
    expect(iamAllows('agent', 'GET', `${API_PREFIX}/settings/1`)).toBe(true);
    expect(iamAllows('agent', 'PATCH', `${API_PREFIX}/settings/1`)).toBe(false);
    expect(iamAllows('agent', 'POST', `${API_PREFIX}/dns`)).toBe(false);
  });

  it('allows every route to an admin and exactly their routes to a service account and an agent, HEAD wherever GET', () => {
    for (const route of routes.filter((r) => !r.planned)) {
      const path = route.path.replace('{id}', '7');
      expect(iamAllows('admin', route.method, path), route.name).toBe(true);
      expect(iamAllows('service', route.method, path), route.name).toBe(roleMayCall(route.access, 'service'));
      expect(iamAllows('agent', route.method, path), route.name).toBe(roleMayCall(route.access, 'agent'));
      if (route.method === 'GET') expect(iamAllows('admin', 'HEAD', path), route.name).toBe(true);
    }
    expect(iamAllows('service', 'GET', `${API_PREFIX}/nothing-here`)).toBe(false);
    expect(iamAllows('admin', 'OPTIONS', `${API_PREFIX}/teams`)).toBe(false);
    expect(iamAllows('admin', 'GET', '/elsewhere')).toBe(false);
  });

  it("lets an admin's other spellings through to the functions, which answer 404", () => {
    for (const path of [`${zone}/`, `${API_PREFIX}//teams/1/dns.zone`, `${API_PREFIX}/nothing-here`]) {
      for (const method of ['GET', 'HEAD']) expect(iamAllows('admin', method, path), `${method} ${path}`).toBe(true);
    }
  });
});
