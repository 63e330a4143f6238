#!/usr/bin/env -S node --import tsx
/**
 * Runs before `npm test`: the suite drives real Debian tools — BIND's
 * `named-checkzone` checks every rendered zone, `named` serves zones to the
 * scoring agent's DNS checks, `openssl` makes the self-signed certificate of
 * the HTTPS check's test server, Chromium renders the web page, OpenSSH's
 * `sshd` is the server the SSH login check signs in to. Installs what is
 * missing with one apt-get step when we may (root on Debian); otherwise says
 * how. Daemons' packages start their system-wide service on install: a
 * policy-rc.d that refuses every start keeps them from it (the tests run
 * their own, on loopback).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

/** Command → the Debian package that provides it. */
const TOOLS: Record<string, string> = {
  'named-checkzone': 'bind9-utils',
  named: 'bind9',
  openssl: 'openssl',
  chromium: 'chromium',
  sshd: 'openssh-server',
};

const has = (command: string) => spawnSync('sh', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${command}`]).status === 0;
const POLICY_RC_D = '/usr/sbin/policy-rc.d';
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
    // Only ours to remove if it was not there before (a container image often has one already).
    const ownPolicy = !existsSync(POLICY_RC_D);
    if (ownPolicy) writeFileSync(POLICY_RC_D, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } finally {
      if (ownPolicy) rmSync(POLICY_RC_D, { force: true });
    }
  } else {
    console.error(`The tests need ${missing.join(', ')}: install them first (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}).`);
    process.exit(1);
  }
}
