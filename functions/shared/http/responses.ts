import type * as v from 'valibot';
import type { Reply, Route } from '#shared/api/route';

/** What a handler returns; the endpoint wrapper turns it into an API Gateway result. */
export interface ApiResult<Status extends number = number, Body = unknown> {
  status: Status;
  /** Serialised as JSON. */
  body?: Body;
  /** A non-JSON body (the zone file), with its content type. */
  text?: { contentType: string; content: string };
  headers?: Record<string, string>;
  /** A public read's answer is fresh until then at most (epoch ms): its max-age never reaches past it (set by the wrapper: the freeze time, the next moment a view changes at). */
  freshUntil?: number;
}

type ReplyResult<Status extends number, R> = R extends { json: infer S extends v.GenericSchema }
  ? { status: Status; body: v.InferInput<S>; text?: never; headers?: Record<string, string> }
  : R extends { text: string }
    ? { status: Status; text: { contentType: string; content: string }; body?: never; headers?: Record<string, string> }
    : { status: Status; body?: never; text?: never; headers?: Record<string, string> };

/**
 * The results a route may give, from its `responses` in the route table: a
 * handler whose body does not have the declared shape fails the typecheck.
 */
export type RouteResult<R extends Pick<Route, 'responses'>> = {
  [S in keyof R['responses'] & number]: ReplyResult<S, R['responses'][S] & Reply>;
}[keyof R['responses'] & number];

export const ok = <B>(body: B, headers?: Record<string, string>) => ({ status: 200 as const, body, headers });
export const created = <B>(body: B, location: string) => ({ status: 201 as const, body, headers: { location } });
/** Taken on, to be done later: the job as it stands, and where to follow it. */
export const accepted = <B>(body: B, location: string) => ({ status: 202 as const, body, headers: { location } });
export const noContent = () => ({ status: 204 as const });
export const textResult = (contentType: string, content: string, headers?: Record<string, string>) => ({
  status: 200 as const,
  text: { contentType, content },
  headers,
});
