import { invokeAsync, type InvokeTarget } from '#shared/aws/invoke';
import type { Slice } from './schedule';

/**
 * What the agent's function is invoked with: the scheduler's time, and a
 * slice when the round fans out; or a "check now" job to run (a request for
 * one, by the API: app/check-jobs.ts).
 */
export interface AgentEvent {
  time?: string;
  slice?: Slice;
  check_job?: number;
}

/** Starts another invocation of the agent for one slice of a round, without waiting for it. */
export type SliceInvoker = (event: AgentEvent & { slice: Slice }) => Promise<void>;

/** Invokes this very function again, asynchronously, signed with the function's own credentials. */
export function lambdaSliceInvoker(target: InvokeTarget): SliceInvoker {
  return async (event) => {
    try {
      await invokeAsync(target, event);
    } catch (error) {
      throw new Error(`the slice ${event.slice.index + 1}/${event.slice.of} was not started: ${(error as Error).message}`);
    }
  };
}
