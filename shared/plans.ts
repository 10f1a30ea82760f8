/** Plans and their limits (accounts spec sections 3 and 9). -1 means unlimited. */
export type PlanCode = 'free' | 'boutique' | 'bulge_bracket';

export interface PlanLimits {
  name: string;
  projects: number;
  members: number;
}

export const PLANS: Record<PlanCode, PlanLimits> = {
  free: { name: 'FREE', projects: 2, members: 0 },
  boutique: { name: 'Boutique', projects: 3, members: 1 },
  bulge_bracket: { name: 'Bulge-Bracket', projects: -1, members: 1 },
};

export const UNLIMITED = -1;

/** Plan allowance plus purchased extras; unlimited stays unlimited. */
export function allowance(included: number, extra: number): number {
  return included === UNLIMITED ? UNLIMITED : included + Math.max(0, extra);
}

export function hasRoom(allowed: number, used: number): boolean {
  return allowed === UNLIMITED || used < allowed;
}
