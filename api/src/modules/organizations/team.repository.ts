import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { DB } from '../../database/schema.js';
import { CacheInvalidation, committedAndSettled } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { db, isoUtc, statement } from '../../database/typed-sql.js';

const NOW = sql<Date>`now()`;

/** A person's name as others see it: first and last name, else the address. */
const nameOf = (eb: ExpressionBuilder<DB & { u: DB['appUser'] }, 'u'>) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${eb.ref('u.firstName')}, ${eb.ref('u.lastName')})), ''), ${eb.ref('u.email')}, '')`;

const members = statement('team-members', (p: { organizationId: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('appUser as u', 'u.id', 'm.userId')
    .select((eb) => ['m.userId', 'u.email', 'u.firstName', 'u.lastName', 'm.role', isoUtc(eb.ref('m.createdAt')).as('joinedAt')])
    .where('m.organizationId', '=', p.organizationId)
    .orderBy('m.createdAt')
    .orderBy('u.email'),
);
export type TeamMemberRow = typeof members.row;

/** The organization's row, locked against other team changes (not against submissions referencing it) until the transaction ends. */
const lockOrganization = statement('team-organization-lock', (p: { organizationId: string }) =>
  db.selectFrom('organization').select(['id', 'name', 'archivedAt']).where('id', '=', p.organizationId).forNoKeyUpdate(),
);

const roles = statement('team-roles', (p: { organizationId: string }) =>
  db.selectFrom('organizationMember').select(['userId', 'role']).where('organizationId', '=', p.organizationId),
);

const setRole = statement('team-set-role', (p: { organizationId: string; userId: string; role: string }) =>
  db
    .updateTable('organizationMember')
    .set({ role: p.role })
    .where('organizationId', '=', p.organizationId)
    .where('userId', '=', p.userId)
    .returning('userId'),
);

const removeMember = statement('team-remove-member', (p: { organizationId: string; userId: string }) =>
  db.deleteFrom('organizationMember').where('organizationId', '=', p.organizationId).where('userId', '=', p.userId).returning('userId'),
);

const addMember = statement('team-add-member', (p: { organizationId: string; userId: string; role: string }) =>
  db
    .insertInto('organizationMember')
    .values({ organizationId: p.organizationId, userId: p.userId, role: p.role })
    .onConflict((oc) => oc.columns(['organizationId', 'userId']).doNothing())
    .returning('userId'),
);

const memberByEmail = statement('team-member-by-email', (p: { organizationId: string; email: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('appUser as u', 'u.id', 'm.userId')
    .select('m.userId')
    .where('m.organizationId', '=', p.organizationId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', p.email)),
);

const INVITATION_STATE = sql<'pending' | 'expired'>`CASE WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END`;

/** Invitations neither accepted nor withdrawn, as OrganizationInvitationDto (one, with `id`). */
const openInvitations = (organizationId: string) =>
  db
    .selectFrom('organizationInvitation as i')
    .leftJoin('appUser as u', 'u.id', 'i.invitedById')
    .select((eb) => [
      'i.id',
      'i.email',
      'i.role',
      'i.language',
      nameOf(eb).as('invitedByName'),
      isoUtc(eb.ref('i.createdAt')).as('createdAt'),
      isoUtc(eb.ref('i.expiresAt')).as('expiresAt'),
      INVITATION_STATE.as('state'),
    ])
    .where('i.organizationId', '=', organizationId)
    .where('i.acceptedAt', 'is', null)
    .where('i.revokedAt', 'is', null);

const invitations = statement('team-invitations', (p: { organizationId: string }) =>
  openInvitations(p.organizationId).orderBy('i.createdAt', 'desc').orderBy('i.email'),
);
const invitation = statement('team-invitation', (p: { organizationId: string; id: string }) =>
  openInvitations(p.organizationId).where('i.id', '=', p.id),
);
export type InvitationRow = typeof invitations.row;

/** The organization's invitation of an address still open (neither accepted nor withdrawn), locked; at most one (a unique index). */
const openInvitationOf = statement('team-open-invitation-of', (p: { organizationId: string; email: string }) =>
  db
    .selectFrom('organizationInvitation')
    .select(['id', 'expiresAt'])
    .where('organizationId', '=', p.organizationId)
    .where('email', '=', p.email)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .forUpdate(),
);

const invitationLocked = statement('team-invitation-locked', (p: { organizationId: string; id: string }) =>
  db
    .selectFrom('organizationInvitation')
    .select(['id', 'email', 'role', 'language', 'expiresAt'])
    .where('organizationId', '=', p.organizationId)
    .where('id', '=', p.id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .forUpdate(),
);

interface Sending {
  tokenHash: string;
  expiresAt: Date;
  role: string;
  language: string;
  invitedById: string;
}

const insertInvitation = statement('team-invitation-insert', (p: Sending & { organizationId: string; email: string }) =>
  db
    .insertInto('organizationInvitation')
    .values({
      organizationId: p.organizationId,
      email: p.email,
      role: p.role,
      language: p.language,
      tokenHash: p.tokenHash,
      expiresAt: p.expiresAt,
      invitedById: p.invitedById,
    })
    .returning('id'),
);

/** Sent again: a new token, a new validity, and the sender's role and language (re-inviting an expired address). */
const renewInvitation = statement('team-invitation-renew', (p: Sending & { id: string }) =>
  db
    .updateTable('organizationInvitation')
    .set({
      tokenHash: p.tokenHash,
      expiresAt: p.expiresAt,
      role: p.role,
      language: p.language,
      invitedById: p.invitedById,
      createdAt: NOW,
    })
    .where('id', '=', p.id)
    .returning('id'),
);

const revokeInvitation = statement('team-invitation-revoke', (p: { id: string }) =>
  db.updateTable('organizationInvitation').set({ revokedAt: NOW }).where('id', '=', p.id).where('revokedAt', 'is', null),
);

/** An invitation by its token's hash, with what its page shows. */
const byToken = statement('team-invitation-by-token', (p: { tokenHash: string }) =>
  db
    .selectFrom('organizationInvitation as i')
    .innerJoin('organization as o', 'o.id', 'i.organizationId')
    .leftJoin('appUser as u', 'u.id', 'i.invitedById')
    .select((eb) => [
      'i.id',
      'i.organizationId',
      'o.name as organizationName',
      'i.email',
      'i.role',
      nameOf(eb).as('invitedByName'),
      'i.expiresAt',
      'i.acceptedAt',
      'i.revokedAt',
    ])
    .where('i.tokenHash', '=', p.tokenHash),
);
export type InvitationByToken = typeof byToken.row;

const byTokenLocked = statement('team-invitation-by-token-locked', (p: { tokenHash: string }) =>
  db
    .selectFrom('organizationInvitation')
    .select(['id', 'organizationId', 'email', 'role', 'expiresAt', 'acceptedAt', 'revokedAt'])
    .where('tokenHash', '=', p.tokenHash)
    .forUpdate(),
);

const acceptInvitation = statement('team-invitation-accept', (p: { id: string; userId: string }) =>
  db.updateTable('organizationInvitation').set({ acceptedAt: NOW, acceptedById: p.userId }).where('id', '=', p.id),
);

/** The SQL of organization teams (members, roles, invitations); the rules are TeamService's. */
@Injectable()
export class TeamRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {}

  members(organizationId: string): Promise<TeamMemberRow[]> {
    return this.sql.run(members, { organizationId });
  }

  /** Locks the organization's team until `m` ends; undefined when there is no such organization. */
  async lockOrganization(m: EntityManager, organizationId: string) {
    return (await this.sql.run(lockOrganization, { organizationId }, m))[0];
  }

  /** Every member's role, by user id (read under the lock above). */
  async roles(m: EntityManager, organizationId: string): Promise<Map<string, string>> {
    return new Map((await this.sql.run(roles, { organizationId }, m)).map((r) => [r.userId, r.role]));
  }

  async setRole(m: EntityManager, organizationId: string, userId: string, role: string): Promise<boolean> {
    return (await this.sql.run(setRole, { organizationId, userId, role }, m)).length > 0;
  }

  async removeMember(m: EntityManager, organizationId: string, userId: string): Promise<boolean> {
    return (await this.sql.run(removeMember, { organizationId, userId }, m)).length > 0;
  }

  /** False when the user is a member already. */
  async addMember(m: EntityManager, organizationId: string, userId: string, role: string): Promise<boolean> {
    return (await this.sql.run(addMember, { organizationId, userId, role }, m)).length > 0;
  }

  async isMemberByEmail(m: EntityManager, organizationId: string, email: string): Promise<boolean> {
    return (await this.sql.run(memberByEmail, { organizationId, email }, m)).length > 0;
  }

  invitations(organizationId: string): Promise<InvitationRow[]> {
    return this.sql.run(invitations, { organizationId });
  }

  async invitation(organizationId: string, id: string, m?: EntityManager): Promise<InvitationRow | undefined> {
    return (await this.sql.run(invitation, { organizationId, id }, m))[0];
  }

  async openInvitationOf(m: EntityManager, organizationId: string, email: string) {
    return (await this.sql.run(openInvitationOf, { organizationId, email }, m))[0];
  }

  async invitationLocked(m: EntityManager, organizationId: string, id: string) {
    return (await this.sql.run(invitationLocked, { organizationId, id }, m))[0];
  }

  async insertInvitation(m: EntityManager, i: Sending & { organizationId: string; email: string }): Promise<string> {
    return (await this.sql.run(insertInvitation, i, m))[0].id;
  }

  async renewInvitation(m: EntityManager, id: string, s: Sending): Promise<void> {
    await this.sql.run(renewInvitation, { id, ...s }, m);
  }

  async revokeInvitation(m: EntityManager, id: string): Promise<void> {
    await this.sql.run(revokeInvitation, { id }, m);
  }

  async byToken(tokenHash: string): Promise<InvitationByToken | undefined> {
    return (await this.sql.run(byToken, { tokenHash }))[0];
  }

  async byTokenLocked(m: EntityManager, tokenHash: string) {
    return (await this.sql.run(byTokenLocked, { tokenHash }, m))[0];
  }

  async accept(m: EntityManager, id: string, userId: string): Promise<void> {
    await this.sql.run(acceptInvitation, { id, userId }, m);
  }

  /** Once it resolves, this replica's caches (the memberships) have taken the change. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.dataSource.manager, this.invalidation, work);
  }
}
