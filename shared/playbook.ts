import { normaliseWording } from './clause-attach.js';

/** A playbook clause as both sides of the sending team read it. */
export interface PlaybookEntry {
  key: string;
  preferred: string;
  fallbacks: string[];
  walkAway: string;
  guidance: string;
}

/** Where a wording stands against a clause's playbook: its preferred wording, a fallback (from 1), or outside. */
export type PlaybookMatch = { kind: 'preferred' } | { kind: 'fallback'; rank: number } | { kind: 'outside' };

/** Compares a wording with the playbook's, with case, spacing and punctuation ignored. */
export function matchPlaybook(entry: PlaybookEntry, wording: string): PlaybookMatch {
  const target = normaliseWording(wording);
  if (entry.preferred && normaliseWording(entry.preferred) === target) return { kind: 'preferred' };
  const index = entry.fallbacks.findIndex((f) => normaliseWording(f) === target);
  return index >= 0 ? { kind: 'fallback', rank: index + 1 } : { kind: 'outside' };
}

/** "within playbook: preferred", "within playbook: fallback 2", "outside playbook". */
export function playbookMatchLabel(match: PlaybookMatch): string {
  if (match.kind === 'preferred') return 'within playbook: preferred';
  if (match.kind === 'fallback') return `within playbook: fallback ${match.rank}`;
  return 'outside playbook';
}
