import { Inject, Injectable } from '@nestjs/common';
import { isEmailAddress } from '@impact-calls/domain';
import { randomUUID } from 'node:crypto';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { isUuid } from '../../common/ids.js';
import { DEV_OIDC_ACCOUNTS, type DevOidcAccountStore } from './dev-oidc-accounts.js';
import { devOidcIssuer } from './dev-oidc.client.js';
import { refusedFor } from '../../database/sql.js';

export type DevSignInProblem = 'email' | 'names' | 'too-long';
type SignInResult = { accountId: string; created: boolean } | { problem: DevSignInProblem };

const NAME_MAX = 200;
const EMAIL_MAX = 320;

/** The embedded provider's accounts: app_user rows (account id = user id), without password (development and demos). */
@Injectable()
export class DevOidcAccountsService {
  constructor(
    @Inject(DEV_OIDC_ACCOUNTS) private readonly users: DevOidcAccountStore,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async signIn(input: { email: string; firstName: string; lastName: string }): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (email.length > EMAIL_MAX || firstName.length > NAME_MAX || lastName.length > NAME_MAX) return { problem: 'too-long' };
    if (!isEmailAddress(email)) return { problem: 'email' };

    const existing = await this.users.findOne({ email });
    if (existing) {
      if (firstName) existing.firstName = firstName;
      if (lastName) existing.lastName = lastName;
      if (firstName || lastName) await this.users.save(existing);
      return { accountId: existing.id, created: false };
    }
    if (!firstName || !lastName) return { problem: 'names' };

    const id = randomUUID();
    try {
      await this.users.insert({ id, email, firstName, lastName, issuer: devOidcIssuer(this.settings), subject: id });
      return { accountId: id, created: true };
    } catch (e) {
      // The same e-mail registered at the same moment by another request: use that account.
      if (refusedFor(e, 'uniqueKey')) {
        const winner = await this.users.findOne({ email });
        if (winner) return { accountId: winner.id, created: false };
      }
      throw e;
    }
  }

  async claims(accountId: string) {
    if (!isUuid(accountId)) return undefined;
    const user = await this.users.findOne({ id: accountId });
    if (!user) return undefined;
    return {
      sub: user.id,
      email: user.email,
      email_verified: true,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
      // The development provider's only role source: ADMIN_EMAILS.
      roles: this.settings.adminEmails.includes(user.email) ? ['admin'] : [],
    };
  }
}
