import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiHeader, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { badRequest } from '../http/app-error.js';

export const ACCESS_KEY = 'access';
export const ORGANIZATION_HEADER = 'SelectedOrganizationId';

export interface AccessRule {
  /** Anyone, signed in or not. */
  public?: boolean;
  /** Roles must contain `admin` (case-insensitive). */
  admin?: boolean;
  /** Admin whose e-mail domain is CUSTOMIZE_EMAIL_DOMAIN. */
  customize?: boolean;
  /** The SelectedOrganizationId header: required, optional (checked when sent) - always checked when sent. */
  organization?: 'required' | 'optional';
  /** A metrics scraper: METRICS_TOKEN as a bearer token, or an address in METRICS_NETWORKS; no user. */
  metrics?: boolean;
}

/** The rules most endpoints state. */
export const ADMIN = { admin: true } as const satisfies AccessRule;
export const CUSTOMIZE = { customize: true } as const satisfies AccessRule;
export const APPLICANT = { organization: 'required' } as const satisfies AccessRule;
/** Any signed-in user. */
export const SIGNED_IN = {} as const satisfies AccessRule;

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  isAdmin: boolean;
  /** The interface language the person last chose (it, en, fr), kept with the user; null before any. */
  language?: string | null;
  /**
   * The user's role in the organization of SelectedOrganizationId (owner, editor, viewer), null without one: the guard
   * sets it on every signed-in request. Undefined only for callers inside the process (seeders, test factories).
   */
  organizationRole?: string | null;
}

export interface AuthenticatedRequest extends FastifyRequest {
  user?: AuthUser;
  /** The session of the request's access token. */
  sessionId?: string;
  organizationId?: string;
  access?: AccessRule;
}

/** Who may call an endpoint, for the one global AccessGuard (an endpoint without it is refused), and its OpenAPI security. */
export function Access(rule: AccessRule) {
  const decorators = [SetMetadata(ACCESS_KEY, rule), ApiExtension('x-access', rule)];
  if (!rule.public && !rule.metrics) {
    decorators.push(
      ApiBearerAuth('bearer'),
      ApiUnauthorizedResponse({ description: 'Missing, expired or invalid token', type: ErrorResponseDto }),
      ApiForbiddenResponse({ description: 'Not allowed for this user or organization', type: ErrorResponseDto }),
      // Never `required` in the schema: the generated client's middleware adds the header to every
      // call. The API still refuses a call without it where it is needed.
      ApiHeader({
        name: ORGANIZATION_HEADER,
        required: false,
        description:
          rule.organization === 'required'
            ? 'Required: the organization the user acts for; must be one of theirs'
            : 'Optional: the organization the user acts for; when sent, must be one of theirs',
        schema: { type: 'string', format: 'uuid' },
      }),
    );
  }
  return applyDecorators(...decorators);
}

const requestOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthenticatedRequest>();

/** The signed-in user, and the session of the request's access token (present on every non-public endpoint). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => requestOf(ctx).user!);
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): string => requestOf(ctx).sessionId!);

/** The organization named by SelectedOrganizationId, already checked for membership. */
export const CurrentOrganization = createParamDecorator((required: boolean | undefined, ctx: ExecutionContext): string | undefined => {
  const id = requestOf(ctx).organizationId;
  if (required && !id) throw badRequest('errors.organization-required', 'Select an organization first');
  return id;
});
