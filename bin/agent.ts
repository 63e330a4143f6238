#!/usr/bin/env -S node --import tsx
/**
 * The scoring agent on this machine (`npm run agent -- --rounds 3`, or
 * `--forever`), and the entry of the installed agent's bundle (`npm run
 * build:agent`): functions/agent/local/command.ts says what it takes.
 *
 * Credentials: --credential-file, or SCORING_AGENT_KEY=KEYID:SECRET (an IAM
 * key the local server accepts, SCORING_LOCAL_IAM_KEYS; requests are
 * SigV4-signed) or SCORING_AGENT_TOKEN (a Bearer token).
 */
import '../lib/local/node-20';
import { agentCommand } from '../functions/agent/local/command';

process.exitCode = await agentCommand(process.argv.slice(2), { out: (text) => console.log(text), err: (text) => console.error(text) });
