import { ApiError } from '../api';

/** What a refused request means for the organiser, by its status: the API's detail, and what to do. */
export function explain(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The request could not be sent: check the connection and try again.';
  const detail = error.message ? ` (${error.message})` : '';
  switch (error.status) {
    case 400:
      return `Not accepted${detail}.`;
    case 401:
      return 'Your token was not accepted: sign in again.';
    case 403:
      return `Your token may not do this: it is not an organiser's${detail}.`;
    case 404:
      return `It is not there any more${detail}: reload.`;
    case 409:
      return `Refused in the event's current state${detail}.`;
    case 412:
      return 'Someone changed this since you opened it: reload it, check their change, and make yours again.';
    case 429:
      return `Too many requests just now${detail}: wait a moment and try again.`;
    case 503:
      return `The service is busy or its database is unreachable${detail}: nothing was changed; try again in a few seconds.`;
    default:
      return `The request failed with ${error.status}${detail}.`;
  }
}

/** The field errors of a 400, each as `path: message` (for a form without a field of that name). */
