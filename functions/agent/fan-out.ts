import { invokeAsync, type InvokeTarget } from '#shared/aws/invoke';
import type { Invocation } from './schedule';

/**
 * What the agent's function is invoked with: the scheduler's time, and which
 * invocation this is when the round fans out; or a "check now" job to run (a request for
 * one, by the API: app/check-jobs.ts).
 */
export interface AgentEvent {
  time?: string;
  invocation?: Invocation;
  check_job?: number;
}

/** Starts another invocation of the agent for a round, without waiting for it. */
export type FanOut = (event: AgentEvent & { invocation: Invocation }) => Promise<void>;

/** Invokes this very function again, asynchronously, signed with the function's own credentials. */
export function lambdaFanOut(target: InvokeTarget): FanOut {
  return async (event) => {
    try {
      await invokeAsync(target, event);
    } catch (error) {
      throw new Error(`the invocation ${event.invocation.index + 1}/${event.invocation.of} was not started: ${(error as Error).message}`);
    }
  };
}
