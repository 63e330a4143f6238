import { timingSafeEqual } from 'node:crypto';

/**
 * Where a caller is, as the CDN saw it (decision 0085), on the routes that
 * read it (the route table's `viewerAddress`). In AWS a CloudFront Function
 * on those paths sets VIEWER_ADDRESS_HEADER from the connection it accepted,
 * replacing whatever a viewer sent under that name; the origin check has
 * already refused anything that did not come through CloudFront
 * (ORIGIN_VERIFY_SECRET). Locally the origin check lets everything through,
 * so the CDN stand-in adds a secret of its own (VIEWER_TRUST_SECRET) and the
 * address counts only with it. A signed (IAM API) request never passed the
 * CDN: it has no address anyone vouches for.
 */
export const VIEWER_ADDRESS_HEADER = 'x-ccdc-viewer-address';
export const VIEWER_TRUST_HEADER = 'x-ccdc-viewer-trust';

/** A header a request must carry in a given form, or the CDN refuses it (the route table's `edgeToken`). */
export interface EdgeToken {
  readonly header: string;
  readonly pattern: string;
}

/** Whether a request's headers pass an edge token check (none: every request does). */
export function passesEdgeToken(edgeToken: EdgeToken | undefined, headers: Record<string, string | undefined>): boolean {
  return edgeToken === undefined || new RegExp(edgeToken.pattern).test(headers[edgeToken.header] ?? '');
}

/**
 * The CloudFront Function's code (cloudfront-js-2.0) for a route that reads
 * the viewer's address: refuse (403) a request without its edge token in
 * form, then set the address as CloudFront accepted the connection, without
 * a port, replacing any the viewer sent.
 */
export function viewerAddressFunction(edgeToken?: EdgeToken): string {
  const refuse = edgeToken
    ? `  var token = request.headers['${edgeToken.header}'];
  if (!token || !/${edgeToken.pattern}/.test(token.value)) return { statusCode: 403, statusDescription: 'Forbidden' };
`
    : '';
  return `function handler(event) {
  var request = event.request;
${refuse}  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  delete request.headers['${VIEWER_TRUST_HEADER}'];
  return request;
}`;
}

/** The caller's address if the CDN vouches for it, else undefined. */
export function vouchedViewerAddress(headers: Record<string, string | undefined>, signed: boolean): string | undefined {
  if (signed) return undefined;
  const address = headers[VIEWER_ADDRESS_HEADER];
  if (address === undefined || address === '') return undefined;
  // Deployed: the origin check passed, so the request came through CloudFront, whose function set the header.
  if (process.env.ORIGIN_VERIFY_SECRET) return address;
  const secret = process.env.VIEWER_TRUST_SECRET;
  if (!secret) return undefined;
  const given = Buffer.from(headers[VIEWER_TRUST_HEADER] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}
