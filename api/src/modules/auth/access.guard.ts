import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import { ACCESS_KEY, type AccessRule, type AuthenticatedRequest } from '../../common/auth/access.decorator.js';
import { badRequest, forbidden, unauthorized } from '../../common/http/app-error.js';
import { RATE_LIMIT_KEY } from '../limits/rate-limit.decorator.js';
import { RateLimiter, type LimitClass } from '../limits/rate-limiter.service.js';
import { tooManyRequests } from '../limits/fixed-window.js';
import { isEmptyId, isUuid } from '../../common/ids.js';
import { networkMatcher } from '../../common/http/networks.js';
import { timingSafeEqual } from 'node:crypto';

/**
 * The one guard of the API: a route that declares no rule (`@Endpoint({ access })`) is refused. It
 * authenticates the token, asks the access policy, then counts the request against the rate limits.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** Each handler's rule and rate limit class (undefined: its method's default), read once: decorators do not change at run time. */
  private readonly declared = new WeakMap<object, { rule: AccessRule | null; limit: LimitClass | false | undefined }>();
  private readonly metricsNetworks: (address: string | undefined) => boolean;

  constructor(
    private readonly reflector: Reflector,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly access: AccessPolicy,
    private readonly tokens: AccessTokenVerifier,
    private readonly limiter: RateLimiter,
  ) {
    this.metricsNetworks = networkMatcher(settings.metrics.networks);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { rule, limit } = this.declaredOf(context);
    if (!rule) throw forbidden('errors.access-undeclared', 'This endpoint declares no access rule');
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    req.access = rule;
    if (rule.metrics) {
      if (!this.isMetricsScraper(req))
        throw forbidden('errors.metrics-forbidden', 'Metrics are for the scraper: METRICS_TOKEN or an address in METRICS_NETWORKS');
      return true;
    }
    if (rule.public) {
      await this.limit(limit, req, undefined);
      return true;
    }

    const signedIn = await this.tokens.userOf(req.headers.authorization);
    if (!signedIn)
      throw unauthorized('errors.unauthorized', 'Sign-in required: the token is missing, invalid or expired, or its session ended');
    const { user } = signedIn;
    req.user = user;
    req.sessionId = signedIn.sessionId;

    if (rule.customize) this.access.requireGranted({ user }, Permission.BrandingCustomize);
    else if (rule.admin) this.access.requireGranted({ user }, Permission.ConsoleUse);

    const header = req.headers.selectedorganizationid;
    let role: string | undefined;
    if (!isEmptyId(header)) {
      if (!isUuid(header)) throw badRequest('errors.organization-header', 'SelectedOrganizationId must be a UUID');
      // One canonical form from here on: the membership check and every later comparison agree.
      const organizationId = header.toLowerCase();
      role = await this.access.actingRole({ user }, organizationId);
      if (!role) throw forbidden('errors.organization-forbidden', 'You do not belong to this organization');
      req.organizationId = organizationId;
    }
    // The acting role (null: no organization) rides with the user into every Auth the services build: read from memory.
    req.user = { ...user, organizationRole: role ?? null };
    if (rule.organization === 'required' && !req.organizationId) {
      throw badRequest('errors.organization-required', 'Select an organization first');
    }
    await this.limit(limit, req, user.id);
    return true;
  }

  /** Counts a write (any non-GET, or a route's declared class) per user and per address; 429 with Retry-After when over. */
  private async limit(declared: LimitClass | false | undefined, req: AuthenticatedRequest, userId: string | undefined): Promise<void> {
    if (declared === false) return;
    const cls = declared ?? (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' ? undefined : 'write');
    if (!cls) return;
    const wait = await this.limiter.hit(cls, userId, req.ip ?? req.socket.remoteAddress);
    if (wait > 0) throw tooManyRequests(wait);
  }

  private declaredOf(context: ExecutionContext) {
    const handler = context.getHandler();
    let declared = this.declared.get(handler);
    if (!declared) {
      const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, context.getClass()]) ?? null;
      declared = { rule, limit: this.reflector.get<LimitClass | false | undefined>(RATE_LIMIT_KEY, handler) };
      this.declared.set(handler, declared);
    }
    return declared;
  }

  /** METRICS_TOKEN as a bearer token, or the client's address (behind a trusted proxy: the forwarded one) in METRICS_NETWORKS. */
  private isMetricsScraper(req: AuthenticatedRequest): boolean {
    const token = this.settings.metrics.token;
    const shown = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token && shown) {
      const a = Buffer.from(shown);
      const b = Buffer.from(token);
      return a.length === b.length && timingSafeEqual(a, b);
    }
    return this.metricsNetworks(req.ip ?? req.socket.remoteAddress);
  }
}
