#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the zone-file tests check every rendered zone with
 * BIND's own `named-checkzone` (Debian package bind9-utils), and the scoring
 * agent's tests run BIND's `named` (bind9) on loopback. Installs what is
 * missing with apt-get when we may (root on Debian); otherwise says how.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Command → the Debian package that provides it. */
const tools: Record<string, string> = { 'named-checkzone': 'bind9-utils', named: 'bind9' };
// named lives in /usr/sbin, which a non-root PATH may lack.
const missing = Object.entries(tools).filter(([command]) => !has(command) && !has(`/usr/sbin/${command}`));

if (missing.length > 0) {
  const packages = missing.map(([, pkg]) => pkg);
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.error(`${missing.map(([c]) => c).join(', ')} missing: installing ${packages.join(' ')} with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`The tests need ${missing.map(([c]) => c).join(' and ')}: install them first (Debian/Ubuntu: sudo apt-get install ${packages.join(' ')}).`);
    process.exit(1);
  }
}
