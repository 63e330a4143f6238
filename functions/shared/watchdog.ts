import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Exit handlers do not run when a process is killed outright (SIGKILL, a
 * crashed test worker, `kill -9` of the agent): a tiny shell, detached,
 * outlives its owner just long enough to kill the child then (and remove
 * `directory`, when given), so a helper server (DynamoDB Local's Java, the
 * agent's `named`) never survives the process that started it. It ends with
 * the child when the child ends first. For the local tools and the installed
 * agent; Lambda starts no such child.
 */
export function killWhenOwnerDies(child: ChildProcess, directory?: string): ChildProcess {
  if (child.pid === undefined) throw new Error('the child has not started');
  const cleanup = directory ? `; sleep 1; rm -rf '${directory.replace(/'/g, `'\\''`)}'` : '';
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${child.pid} 2>/dev/null; do sleep 1; done; kill -9 ${child.pid} 2>/dev/null${cleanup}`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog;
}
