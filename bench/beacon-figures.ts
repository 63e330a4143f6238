/** A beacon check-in's figures (bench/beacons.ts measures them), as the bench prints them. */

export interface BeaconCost {
  beacons: number;
  rounds: number;
  counting: { p50Ms: number; p99Ms: number; read: number; write: number };
  notCounting: { p50Ms: number; p99Ms: number; read: number; write: number };
  refused: { p50Ms: number; p99Ms: number; read: number; write: number };
  swarm: { beacons: number; ms: number; busyAnswers: number; taken: number; cap: number };
}

export function formatBeaconCost(r: BeaconCost): string {
  const line = (name: string, x: BeaconCost['counting']) =>
    `  ${name}: p50 ${x.p50Ms.toFixed(1)} ms, p99 ${x.p99Ms.toFixed(1)} ms, ${x.read.toFixed(1)} RCU and ${x.write.toFixed(1)} WCU each (DynamoDB Local's)`;
  return [
    `A beacon's check-in (${r.rounds} rounds, in process):`,
    line("the round's first, counted", r.counting),
    line('later in the round, counting nothing', r.notCounting),
    line('from outside the networks, refused', r.refused),
    `  ${r.swarm.beacons} beacons of one team at once: all in after ${r.swarm.ms.toFixed(0)} ms, ${r.swarm.busyAnswers} answers 503 (a lost race, called again); ${r.swarm.taken} taken, the cap ${r.swarm.cap}`,
  ].join('\n');
}
