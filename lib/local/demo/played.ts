import type { CheckKind } from '#shared/domain/check-definitions';

/** What plays one service of the demo's blue teams, or why nothing does. */
export interface Play {
  /** The subtype's name, as the board shows it. */
  subtype: string;
  kind: CheckKind;
  /** `nothing` without `unplayed`: the team runs nothing on purpose (its services are down). */
  by: 'Node' | 'Samba' | 'nothing';
  /** Why nothing plays it: the Debian package that would, or what else stands in the way. */
  unplayed?: { why: string };
}

/**
 * The one line `npm start` prints about the live demo: which subtypes are
 * played, by what, and which are not (with the Debian package that would add
 * them), e.g. `Live: HTTP, SSH and DNS played by Node, File Share by Samba;
 * not played: Windows Desktop (rdp: never played).` A subtype counts as
 * played when any team's service of it is; teams down on purpose say nothing.
 */
export function playedLine(plays: readonly Play[]): string {
  const byPlayer = new Map<string, string[]>();
  const unplayed = new Map<string, string>();
  const played = new Set<string>();
  for (const p of plays) {
    if (p.by === 'nothing') continue;
    played.add(p.subtype);
    const names = byPlayer.get(p.by) ?? byPlayer.set(p.by, []).get(p.by)!;
    if (!names.includes(p.subtype)) names.push(p.subtype);
  }
  for (const p of plays) {
    if (p.unplayed && !played.has(p.subtype) && !unplayed.has(p.subtype)) unplayed.set(p.subtype, `${p.subtype} (${p.kind}: ${p.unplayed.why})`);
  }
  const playedText = [...byPlayer].map(([by, names], i) => `${list(names)} ${i === 0 ? 'played ' : ''}by ${by}`).join(', ');
  return `Live: ${playedText || 'nothing played'}; not played: ${unplayed.size > 0 ? list([...unplayed.values()]) : 'none'}.`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
