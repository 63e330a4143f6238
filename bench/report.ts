/** Prints the benchmark's figures as readable tables. */
type Row = (string | number)[];

const fmt = (n: number, digits = 1) => (Number.isInteger(n) && digits === 0 ? String(n) : n.toFixed(digits));

function table(title: string, header: string[], rows: Row[]) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  console.log(`\n${title}`);
  cells.forEach((row, index) => {
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function printReport(r: any) {
  const p = r.parameters;
  console.log(`\nMachine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}`);
  console.log(
    `Parameters: ${p.teams} teams × ${p.servicesPerTeam} services, ${p.rounds} rounds, concurrency ${p.concurrency}, ${p.readSeconds}s per read endpoint`,
  );
  console.log(`Loading the competition with the command-line tool: ${fmt(r.load.seconds, 2)} s`);
  const i = r.ingestion;
  table('Ingestion: POST /services/:id/scans', ['reports', 'statuses', 'reports/s', 'p50 ms', 'p99 ms', 'WCU/report', 'RCU/report', 'calls/report'], [
    [i.reports, JSON.stringify(i.statuses), fmt(i.perSecond), fmt(i.p50), fmt(i.p99), fmt(i.wcuPerReport, 2), fmt(i.rcuPerReport, 2), fmt(i.dynamodbCallsPerReport, 2)],
  ]);
  table(
    `Public reads (autocannon, ${p.concurrency} connections)`,
    ['GET', 'req/s', 'p50 ms', 'p99 ms', 'failures', 'bytes', 'RCU/req', 'min RCU/req'],
    r.reads.map((x: any) => [x.path, fmt(x.rps), fmt(x.p50), fmt(x.p99), x.failures, x.bytes, fmt(x.rcuPerRequest, 2), fmt(x.minRcuPerRequest, 2)]),
  );
  table(
    'Growth: GET /teams/scoreboard as rounds accumulate (should stay flat)',
    ['rounds', 'req/s', 'p50 ms', 'p99 ms', 'RCU/req', 'bytes'],
    r.growth.byRounds.map((x: any) => [x.rounds, fmt(x.rps), fmt(x.p50), fmt(x.p99), fmt(x.rcuPerRequest, 2), x.bytes]),
  );
  table(
    'Growth: GET /teams/scoreboard as teams are added (should grow linearly)',
    ['teams', 'req/s', 'p50 ms', 'p99 ms', 'RCU/req', 'bytes'],
    r.growth.byTeams.map((x: any) => [x.teams, fmt(x.rps), fmt(x.p50), fmt(x.p99), fmt(x.rcuPerRequest, 2), x.bytes]),
  );
  table(
    `Cold start: a fresh Node process imports the bundle and answers one request (empty Node process: ${fmt(r.coldStarts.baselineMs)} ms)`,
    ['function', 'bytes', 'gzip', 'cold ms', 'status'],
    r.coldStarts.functions.map((f: any) => [f.function, f.bytes, f.gzipBytes, fmt(f.coldMs), f.status]),
  );
}
