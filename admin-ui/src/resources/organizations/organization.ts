import type { Schemas } from '@impact-calls/api-client';

/** An organization as the console resource answers it (GET /api/admin/organizations). */
export type AdminOrganization = Schemas['AdminOrganizationDto'];
export type OrganizationMember = Schemas['OrganizationMemberDto'];
