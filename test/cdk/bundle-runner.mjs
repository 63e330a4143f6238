// Runs bundled handlers in a plain Node process, as Lambda's Node runtime
// would load them (no test-runner transforms). Input (argv[2], JSON): a list
// of { file, event? }. Output (stdout, JSON): per call, the handler's type and,
// when an event was given, what the handler returned (or the error).
import { pathToFileURL } from 'node:url';

const calls = JSON.parse(process.argv[2] ?? '[]');
const results = [];
for (const call of calls) {
  const module = await import(pathToFileURL(call.file).href);
  const result = { file: call.file, handlerType: typeof module.handler };
  if (call.event !== undefined) {
    try {
      result.returned = await module.handler(call.event, {
        awsRequestId: 'bundle-runner',
        functionName: 'bundle-runner',
        getRemainingTimeInMillis: () => 10_000,
      });
    } catch (error) {
      result.error = String(error?.stack ?? error);
    }
  }
  results.push(result);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
