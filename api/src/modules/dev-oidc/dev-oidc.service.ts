import { Inject, Injectable, Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPair, exportJWK, type JWK } from 'jose';
import Provider, { errors as oidcErrors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEFAULT_LANGUAGE, translate } from '@impact-calls/domain';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { streamedAnswer } from '../../common/http/send-json.js';
import { FixedWindowLimiter } from '../limits/fixed-window.js';
import { DevOidcRecords } from './dev-oidc.adapter.js';
import { DevOidcAccountsService } from './dev-oidc-accounts.service.js';
import {
  DEV_OIDC_CLIENT_ID,
  DEV_OIDC_PATH,
  OIDC_SCOPES,
  deriveSecret,
  devOidcIssuer,
  loginCallbackUrl,
  logoutCallbackUrl,
} from './dev-oidc.client.js';
import { LOGOUT_SCRIPT, logoutPage, messagePage, pickLanguage, signInPage, type SignInPageOptions } from './dev-oidc.pages.js';

/** Sign-in attempts per IP and minute on the embedded provider's page. */
export const DEV_SIGN_IN_LIMIT = 30;

/** The provider's signing key, kept in DATA_DIR: ID tokens issued before a restart still verify as `id_token_hint`. */
const signingKeys = new Map<string, Promise<JWK>>();
function developmentSigningKey(dataDir: string): Promise<JWK> {
  const file = join(dataDir, 'dev-oidc-signing-key.json');
  const make = async () => {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as JWK;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk: JWK = { ...(await exportJWK(privateKey)), kid: `dev-${Date.now().toString(36)}`, use: 'sig', alg: 'RS256' };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
    return jwk;
  };
  if (!signingKeys.has(file)) signingKeys.set(file, make());
  return signingKeys.get(file)!;
}

/**
 * The provider makes its URLs from the request's host and protocol: pin them to PUBLIC_URL, whatever
 * a client sends. Only PUBLIC_URL's origin may read answers cross-origin (no CORS header for others).
 */
export function pinToPublicUrl(publicUrl: string): express.RequestHandler {
  const url = new URL(publicUrl);
  const origin = url.origin;
  return (req: Request, res: Response, next: NextFunction) => {
    req.headers.host = url.host;
    req.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
    delete req.headers['x-forwarded-host'];
    delete req.headers.forwarded;
    const from = req.headers.origin;
    if (from !== undefined && from !== origin) {
      if (req.method === 'OPTIONS') {
        res.status(403).end();
        return;
      }
      // The request is answered (a form post is not cross-origin reading), but nothing lets a page elsewhere read it.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name: string, value: number | string | readonly string[]) =>
        name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value);
    }
    next();
  };
}

const asString = (v: unknown): string => (typeof v === 'string' ? v : '');
type Details = Awaited<ReturnType<Provider['interactionDetails']>>;
type Handler = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;
type Problem = SignInPageOptions['problem'];

/**
 * The embedded development OpenID provider (`oidc-provider`) at /oidc when OIDC_ISSUER is unset: a
 * page asks for an e-mail and a name (an unknown e-mail is registered on the spot), code flow with PKCE.
 */
@Injectable()
export class DevOidcService {
  private readonly logger = new Logger('DevOidc');
  private provider: Provider | undefined;
  private readonly limiter = new FixedWindowLimiter(DEV_SIGN_IN_LIMIT, 60_000);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly accounts: DevOidcAccountsService,
    private readonly records: DevOidcRecords,
  ) {}

  endpoint(name: 'authorization' | 'end_session'): string {
    if (!this.provider) throw new Error('The embedded OpenID provider is not mounted');
    return this.provider.urlFor(name);
  }

  /** Mounts the provider and its pages (an Express application) under /oidc, in a Fastify scope that parses no body. */
  async mount(fastify: FastifyInstance): Promise<void> {
    if (this.settings.oidc) return;
    // Settings refuse this already (OIDC_ISSUER is required in production); never mount it there.
    if (this.settings.nodeEnv === 'production') throw new Error('The embedded development OpenID provider never runs in production');
    const provider = await this.build();
    this.provider = provider;
    const oidc = express();
    oidc.disable('x-powered-by');
    oidc.set('trust proxy', this.settings.trustProxy);
    oidc.use(DEV_OIDC_PATH, pinToPublicUrl(this.settings.publicUrl));
    oidc.use(DEV_OIDC_PATH, this.pages(provider));
    oidc.use(DEV_OIDC_PATH, provider.callback());
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const handler = (request: FastifyRequest, reply: FastifyReply) => {
        // The pipeline's headers (security headers, X-Request-Id) go on the raw answer Express writes.
        const raw = streamedAnswer(reply);
        reply.hijack();
        oidc(request.raw as express.Request, raw as express.Response, () => {
          if (!reply.raw.headersSent) reply.raw.writeHead(404).end();
        });
      };
      scope.all(DEV_OIDC_PATH, handler);
      scope.all(`${DEV_OIDC_PATH}/*`, handler);
    });
    this.logger.log(
      `Embedded development OpenID provider at ${devOidcIssuer(this.settings)}: anyone can sign in with any e-mail; set OIDC_ISSUER for real use`,
    );
  }

  private async build(): Promise<Provider> {
    const settings = this.settings;
    const policy = interactionPolicy.base();
    // `prompt=create` (OpenID Connect "Initiating User Registration"): the registration page.
    policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
    const home = settings.publicUrl;

    const configuration: Configuration = {
      adapter: this.records.adapterFor,
      clients: [
        {
          client_id: DEV_OIDC_CLIENT_ID,
          client_secret: deriveSecret(settings, 'client-secret'),
          client_name: translate('en', 'app.name'),
          redirect_uris: [loginCallbackUrl(settings)],
          post_logout_redirect_uris: [logoutCallbackUrl(settings)],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [await developmentSigningKey(settings.dataDir)] },
      cookies: { keys: [deriveSecret(settings, 'cookies')] },
      pkce: { required: () => true },
      scopes: [...OIDC_SCOPES],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name'],
        roles: ['roles'],
      },
      // The product reads everything from the ID token; no userinfo round trip needed.
      conformIdTokenClaims: false,
      // Browsers may call the provider's endpoints only from the product's own pages.
      clientBasedCORS: (_ctx, origin) => origin === new URL(home).origin,
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
            ctx.type = 'html';
            ctx.body = logoutPage(pickLanguage(ctx.oidc.params?.ui_locales), form, `${DEV_OIDC_PATH}/assets/logout.js`);
          },
          postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
            const lang = pickLanguage(ctx.oidc.params?.ui_locales);
            ctx.type = 'html';
            ctx.body = messagePage(lang, 'dev-oidc.signing-out', translate(lang, 'dev-oidc.signed-out'), home);
          },
        },
      },
      interactions: {
        policy,
        url: (_ctx: KoaContextWithOIDC, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}`,
      },
      // The product is a first-party client: its grant is given without a consent screen.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const client = ctx.oidc.client;
        const accountId = ctx.oidc.session?.accountId;
        if (!client || !accountId) return undefined;
        const grantId =
          (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? ctx.oidc.session?.grantIdFor(client.clientId);
        if (grantId) {
          const existing = await ctx.oidc.provider.Grant.find(grantId);
          if (existing) return existing;
        }
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope(OIDC_SCOPES.join(' '));
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx, sub) => {
        const claims = await this.accounts.claims(sub);
        if (!claims) return undefined;
        return { accountId: sub, claims: () => ({ ...claims }) };
      },
      renderError: (ctx, out) => {
        const lang = pickLanguage(ctx.oidc?.params?.ui_locales);
        ctx.type = 'html';
        ctx.body = messagePage(lang, 'dev-oidc.error-title', `${out.error}: ${out.error_description ?? ''}`, home);
      },
      ttl: {
        AuthorizationCode: 60,
        IdToken: 3600,
        AccessToken: 3600,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
        Grant: 14 * 24 * 3600,
      },
    };
    const provider = new Provider(devOidcIssuer(settings), configuration);
    // Host and protocol are pinned to PUBLIC_URL by pinToPublicUrl before every request.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => this.logger.error(error));
    return provider;
  }

  /** The interaction pages (sign-in, cancel) and the logout script, before the provider. */
  private pages(provider: Provider): express.Router {
    const router = express.Router();
    const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 });
    const lang = DEFAULT_LANGUAGE;
    const expired = (res: Response) =>
      res
        .status(400)
        .type('html')
        .send(messagePage(lang, 'dev-oidc.error-title', translate(lang, 'dev-oidc.errors.expired'), this.settings.publicUrl));
    // An interaction that is gone (expired, finished) gets the expired page.
    const handled =
      (handle: (req: Request, res: Response) => Promise<unknown>): Handler =>
      (req, res, next) =>
        handle(req, res).catch((e: unknown) => (e instanceof oidcErrors.SessionNotFound ? expired(res) : next(e)));
    /** A handler of the URL's interaction; another browser's gets the expired page too. */
    const interaction = (handle: (details: Details, req: Request, res: Response) => Promise<unknown>) =>
      handled(async (req, res) => {
        const details = await provider.interactionDetails(req, res);
        return details.uid === req.params.uid ? handle(details, req, res) : expired(res);
      });
    const signIn = (res: Response, details: Details, status: number, values: SignInPageOptions['values'], problem?: Problem) => {
      const path = `${DEV_OIDC_PATH}/interaction/${encodeURIComponent(details.uid)}`;
      const create = details.prompt.name === 'create';
      const page = { lang: pickLanguage(details.params.ui_locales), action: `${path}/login`, abortAction: `${path}/abort`, create };
      res
        .status(status)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(signInPage({ ...page, problem, values }));
    };

    router.get('/assets/logout.js', (_req, res) => {
      res.type('application/javascript').set('Cache-Control', 'no-cache').send(LOGOUT_SCRIPT);
    });

    router.get(
      '/interaction/:uid',
      interaction(async (details, req, res) => {
        if (details.prompt.name === 'consent') return this.grantConsent(provider, req, res, details);
        signIn(res, details, 200, { email: asString(details.params.login_hint) });
      }),
    );

    router.post(
      '/interaction/:uid/login',
      form,
      interaction(async (details, req, res) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const values = { email: asString(body.email), firstName: asString(body.firstName), lastName: asString(body.lastName) };
        if (this.limiter.hit(req.ip ?? 'unknown') > 0) return signIn(res, details, 429, values, 'too-many');
        const result = await this.accounts.signIn(values);
        if ('problem' in result) return signIn(res, details, 400, values, result.problem);
        const create = details.prompt.name === 'create' ? { create: { created: result.created } } : {};
        const login = { login: { accountId: result.accountId }, ...create };
        await provider.interactionFinished(req, res, login, { mergeWithLastSubmission: false });
      }),
    );

    const cancelled = { error: 'access_denied', error_description: 'The user cancelled the sign-in' };
    router.post(
      '/interaction/:uid/abort',
      form,
      handled((req, res) => provider.interactionFinished(req, res, cancelled, { mergeWithLastSubmission: false })),
    );
    return router;
  }

  /** A scope the first-party grant did not cover yet (rare): grant it and continue. */
  private async grantConsent(provider: Provider, req: Request, res: Response, details: Details): Promise<void> {
    const accountId = details.session?.accountId;
    if (!accountId) throw new oidcErrors.SessionNotFound('no session');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: asString(details.params.client_id) });
    if (!grant) throw new oidcErrors.SessionNotFound('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
}
