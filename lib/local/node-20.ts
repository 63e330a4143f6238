/**
 * Imported first by the commands run on this machine (`npm start`, `npm run
 * scoring`, the agent, the benchmark, the test suite's global setup): the
 * AWS SDK says once a process, on Node 20, that its versions published
 * after January 2027 will need Node 22. Lambda runs Node 22 and never hears
 * it; the tools here run on the machine's Node 20 with the SDK versions the
 * lockfile pins, which support it (decision 0042 says so, and what an
 * upgrade past them needs). Said there once, not before every answer of the
 * README's tour.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
