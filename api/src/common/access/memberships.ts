/** One organization a user belongs to, as the access policy reads it. */
export interface Membership {
  organizationId: string;
  /** The member's role in the organization: owner, editor or viewer (ORGANIZATION_ROLES of access.policy.ts). */
  role: string;
  archived: boolean;
}

/** How the access policy reads a user's memberships: the organizations module provides (and caches) it. */
export interface MembershipReader {
  membershipsOf(userId: string): Promise<ReadonlyMap<string, Membership>>;
}

export const MEMBERSHIP_READER = Symbol('MembershipReader');
