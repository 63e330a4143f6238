#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the suite drives real Debian tools — BIND's
 * `named-checkzone` checks every rendered zone, `named` serves zones to the
 * scoring agent's DNS checks, `openssl` makes the self-signed certificate of
 * the HTTPS check's test server, Chromium renders the web page. Installs what is
 * missing with one apt-get step when we may (root on Debian); otherwise says
 * how.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** Command → the Debian package that provides it. */
const TOOLS: Record<string, string> = {
  'named-checkzone': 'bind9-utils',
  named: 'bind9',
  openssl: 'openssl',
  chromium: 'chromium',
};

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const missing = [
  ...new Set(
    Object.entries(TOOLS)
      .filter(([command]) => !has(command))
      .map(([, pkg]) => pkg),
  ),
];

if (missing.length > 0) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.error(`Installing ${missing.join(', ')} with apt-get (the tests use them)…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`The tests need ${missing.join(', ')}: install them first (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}).`);
    process.exit(1);
  }
}
