#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the zone-file tests check every rendered zone with
 * BIND's own `named-checkzone` (Debian package bind9-utils). Installs it with
 * apt-get when it is missing and we may (root on Debian); otherwise says how.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

if (!has('named-checkzone')) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.error('named-checkzone is missing: installing bind9-utils with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'bind9-utils'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error('The tests need named-checkzone: install it first (Debian/Ubuntu: sudo apt-get install bind9-utils).');
    process.exit(1);
  }
}
