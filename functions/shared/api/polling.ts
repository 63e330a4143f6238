/**
 * How often the pages ask the API again (decision 0081). Spectators' pages
 * (scoreboard, matrix, history, a team's scorecard) ask every 20 s: a poll
 * costs a viewer about 180 B over HTTP/2 even when it is a 304 (CloudFront's
 * own headers, the frame, the TLS record), so every 5 s a minute cost more
 * than a whole round of results did. A signed-in member's and the red team's
 * pages keep 5 s: they watch their own services and queues, through uncached
 * reads. The API's public max-age stays 5 s, so a viewer who arrives gets an
 * answer at most 5 s old.
 */
export const POLL_MS = { spectator: 20_000, signedIn: 5_000 } as const;
