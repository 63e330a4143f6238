#!/usr/bin/env -S node --import tsx
/** The organisers' command-line tool: `npm run scoring -- <command>` (the commands are in scoring/, one file each). */
import '../lib/local/node-20';
import { runScoring, type CliIo } from './scoring/run';

const streams: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
process.exitCode = await runScoring(process.argv.slice(2), streams);
