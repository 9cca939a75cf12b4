import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod';
import {
  AuthMessage,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  updateProfileRequestSchema,
  userResponseDataSchema,
  verifyEmailRequestSchema,
  type PublicUser,
} from '../../../shared/contracts/auth';
import { loginAnswerDataSchema, type LoginAnswerData } from '../../../shared/contracts/two-factor';
import { ACTIVITY_SIGNED_IN } from '../../../shared/contracts/analytics-dashboard';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  refresh,
  resetPassword,
  updateProfile,
  verifyEmail,
  type AuthContext,
  type ClientInfo,
} from './auth.service';
import { toPublicUser } from './public-user';
import { ok, okWithMessage, optionalMessageEnvelope } from '../../../shared/contracts/common';

export const envelope = <T extends z.ZodType>(data: T) => optionalMessageEnvelope(data);
const messageOnly = envelope(z.null());

/** Per client address, on the calls that guess or spend secrets (ADR 0006). */
export const SENSITIVE_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export function authContext(app: FastifyInstance, request: FastifyRequest): AuthContext {
  return {
    db: app.database.db,
    accessTokens: app.accessTokens,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: request.log,
  };
}

function clientOf(request: FastifyRequest): ClientInfo {
  // request.ip honours only the configured trusted proxies (TRUST_PROXY), so X-Forwarded-For cannot forge it.
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

function bearer(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** /api/auth: sign-in, sessions, the signed-in user's own account, password reset and e-mail verification. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Signing in and accounts: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/login',
    {
      config: {
        access: 'public',
        rateLimit: SENSITIVE_RATE_LIMIT,
        // A public route: who signed in is the user the answer names.
        // Signed in once a session opens: a second step (ADR 0042) records it when it succeeds.
        activity: activity<LoginAnswerData, unknown>({
          type: 'user',
          action: (_request, data) => ('user' in data ? ACTIVITY_SIGNED_IN : null),
          item: (_request, data) => ('user' in data ? data.user.username : null),
          userId: (_request, data) => ('user' in data ? data.user.id : null),
        }),
      },
      schema: {
        tags,
        summary: 'Sign in with username or e-mail and password; a second step may follow (secondStep)',
        body: loginRequestSchema,
        response: { 200: envelope(loginAnswerDataSchema) },
      },
    },
    async (request) => {
      const { username, email, password } = request.body;
      const identifier = (username || email) as string;
      const data = await login(authContext(app, request), { identifier, password }, clientOf(request));
      return { success: true as const, data, ...('user' in data ? { message: AuthMessage.LOGIN_SUCCESS } : {}) };
    },
  );

  r.post(
    '/refresh',
    {
      config: { access: 'public', rateLimit: SENSITIVE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair',
        body: refreshRequestSchema,
        response: { 200: envelope(tokenPairSchema) },
      },
    },
    async (request) => {
      const data = await refresh(authContext(app, request), request.body.refreshToken, clientOf(request));
      return ok(data);
    },
  );

  r.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'End the session of the refresh token (or of the bearer token, even expired)',
        body: logoutRequestSchema.nullish(),
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await logout(authContext(app, request), request.body?.refreshToken, bearer(request));
      return okWithMessage(null, AuthMessage.LOGGED_OUT);
    },
  );

  for (const path of ['/me', '/profile']) {
    r.get(
      path,
      {
        config: { access: 'read' },
        schema: { tags, summary: 'The signed-in user', response: { 200: envelope(userResponseDataSchema) } },
      },
      async (request) => ok({ user: toPublicUser(requireUser(request)) }),
    );
  }

  r.put(
    '/profile',
    {
      config: {
        access: 'read',
        activity: activity<{ user: PublicUser }, unknown>({
          type: 'user',
          action: 'Updated profile',
          item: (_request, data) => data.user.username,
        }),
      },
      schema: {
        tags,
        summary: "Change the signed-in user's username or e-mail",
        body: updateProfileRequestSchema,
        response: { 200: envelope(userResponseDataSchema) },
      },
    },
    async (request) => {
      const user = await updateProfile(authContext(app, request), requireUser(request), request.body);
      return okWithMessage({ user }, AuthMessage.PROFILE_UPDATED);
    },
  );

  r.put(
    '/change-password',
    {
      config: {
        access: 'read',
        activity: activity({ type: 'user', action: 'Changed password', item: (request) => request.user?.username }),
      },
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        body: changePasswordRequestSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await changePassword(authContext(app, request), requireUser(request), request.sessionId as string, request.body);
      return okWithMessage(null, AuthMessage.PASSWORD_CHANGED);
    },
  );

  /** A public call with an address or a link's token, behind the sensitive-call limit, answered with a message. */
  function publicCall<B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    run: (request: FastifyRequest, input: z.infer<B>) => Promise<unknown>,
    message: string,
  ) {
    r.post(
      path,
      {
        config: { access: 'public', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: { tags, summary, body, response: { 200: messageOnly } },
      },
      async (request) => {
        await run(request, request.body as z.infer<B>);
        return okWithMessage(null, message);
      },
    );
  }

  publicCall(
    '/forgot-password',
    'Mail a password reset link (same answer whether or not the account exists)',
    forgotPasswordRequestSchema,
    (request, input) => forgotPassword(authContext(app, request), input.email),
    AuthMessage.RESET_LINK_SENT,
  );
  publicCall(
    '/reset-password',
    'Set a new password with the token of a reset link',
    resetPasswordRequestSchema,
    (request, input) => resetPassword(authContext(app, request), input.token, input.newPassword),
    AuthMessage.PASSWORD_RESET,
  );
  publicCall(
    '/verify-email',
    'Confirm an e-mail address with the token of a verification link',
    verifyEmailRequestSchema,
    (request, input) => verifyEmail(authContext(app, request), input.token),
    AuthMessage.EMAIL_VERIFIED,
  );
}
