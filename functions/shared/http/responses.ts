/** What a handler returns; the endpoint wrapper turns it into an API Gateway result. */
export interface ApiResult {
  status: number;
  /** Serialised as JSON. */
  body?: unknown;
  /** A non-JSON body (the zone file), with its content type. */
  text?: { contentType: string; content: string };
  headers?: Record<string, string>;
}

export const ok = (body: unknown, headers?: Record<string, string>): ApiResult => ({ status: 200, body, headers });
export const created = (body: unknown, location: string): ApiResult => ({ status: 201, body, headers: { location } });
export const noContent = (): ApiResult => ({ status: 204 });
export const textResult = (contentType: string, content: string, headers?: Record<string, string>): ApiResult => ({
  status: 200,
  text: { contentType, content },
  headers,
});
