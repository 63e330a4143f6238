#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the zone-file tests check every rendered zone with
 * BIND's own `named-checkzone` (Debian package bind9-utils), and the web page
 * tests drive Debian's `chromium`. Installs what is missing with apt-get when
 * we may (root on Debian); otherwise says how.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Commands the suite runs, and the Debian package of each. */
const TOOLS: Record<string, string> = { 'named-checkzone': 'bind9-utils', chromium: 'chromium' };

const missing = Object.entries(TOOLS).filter(([command]) => !has(command));
if (missing.length > 0) {
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.error(`${missing.map(([command]) => command).join(', ')} missing: installing ${packages.join(' ')} with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`The tests need ${missing.map(([command]) => command).join(' and ')}: install them first (Debian/Ubuntu: sudo apt-get install ${packages.join(' ')}).`);
    process.exit(1);
  }
}
