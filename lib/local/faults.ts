import { readFileSync, statSync } from 'node:fs';

/**
 * Faults the local gateway injects when told to, for the rehearsal: a share
 * of requests answered 503 (the platform overloaded) or 429 (throttled),
 * before any handler runs, each marked `x-local-fault: injected`. Read from
 * a file the rehearsal writes and removes (`npm start -- --fault-file F`):
 * no file, no fault. Only the local twin has this; the stack has no such
 * switch.
 */
export interface InjectedFault {
  status: 503 | 429;
  /** The share of requests refused, 0 to 1. */
  share: number;
}

/** How often the file is looked at: a fault starts and ends within this. */
const RECHECK_MS = 200;

export function faultsFrom(file: string): () => InjectedFault | undefined {
  let checkedAt = 0;
  let seen: { mtimeMs: number; fault: InjectedFault | undefined } | undefined;
  return () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return seen?.fault;
    checkedAt = now;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      seen = undefined;
      return undefined;
    }
    if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, fault: parseFault(readFileSync(file, 'utf8')) };
    return seen.fault;
  };
}

/** The file's fault, or none when it says none a gateway can play (a half-written file reads as none until it is whole). */
export function parseFault(text: string): InjectedFault | undefined {
  try {
    const { status, share } = JSON.parse(text) as Partial<InjectedFault>;
    if ((status === 503 || status === 429) && typeof share === 'number' && share >= 0 && share <= 1) return { status, share };
  } catch {
    // Not (yet) JSON.
  }
  return undefined;
}
