import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { MemberOrganizationsReader } from '../organizations/member-organizations.js';
import { ACCESS_KEY, type AccessRule, type AuthenticatedRequest } from '../../common/auth/access.decorator.js';
import { badRequest, forbidden, unauthorized } from '../../common/http/app-error.js';
import { isEmptyId, isUuid } from '../../common/ids.js';

/**
 * The one guard of the API. Every route must declare `@Access(...)`; one that does not is
 * refused. It authenticates the bearer token, checks the admin and customize rules, and
 * checks that SelectedOrganizationId names one of the user's organizations.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** Each handler's rule, read once: decorators do not change at run time. */
  private readonly rules = new WeakMap<object, AccessRule | null>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly members: MemberOrganizationsReader,
    private readonly tokens: AccessTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.ruleOf(context);
    if (!rule) throw forbidden('errors.access-undeclared', 'This endpoint declares no access rule');
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    req.access = rule;
    if (rule.public) return true;

    const user = await this.tokens.userOf(req.headers.authorization);
    if (!user) throw unauthorized('errors.unauthorized', 'Sign-in required: the token is missing, invalid or expired');
    req.user = user;

    if ((rule.admin || rule.customize) && !user.isAdmin) throw forbidden('errors.admin-only', 'Administrators only');
    if (rule.customize && !this.inCustomizeDomain(user.email)) {
      throw forbidden('errors.customize-only', 'Only administrators of the customizing company may change the branding');
    }

    const header = req.header('SelectedOrganizationId');
    if (!isEmptyId(header)) {
      if (!isUuid(header)) throw badRequest('errors.organization-header', 'SelectedOrganizationId must be a UUID');
      if (!(await this.isMember(user.id, header))) throw forbidden('errors.organization-forbidden', 'You do not belong to this organization');
      req.organizationId = header;
    }
    if (rule.organization === 'required' && !req.organizationId) {
      throw badRequest('errors.organization-required', 'Select an organization first');
    }
    return true;
  }

  private ruleOf(context: ExecutionContext): AccessRule | null {
    const handler = context.getHandler();
    let rule = this.rules.get(handler);
    if (rule === undefined) {
      rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, context.getClass()]) ?? null;
      this.rules.set(handler, rule);
    }
    return rule;
  }

  private inCustomizeDomain(email: string): boolean {
    const domain = this.settings.customizeEmailDomain;
    return !!domain && email.toLowerCase().endsWith(`@${domain}`);
  }

  private async isMember(userId: string, organizationId: string): Promise<boolean> {
    return (await this.members.of(userId)).ids.has(organizationId.toLowerCase());
  }
}
