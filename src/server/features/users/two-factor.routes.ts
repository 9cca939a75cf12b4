import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthMessage, loginResponseDataSchema, type LoginResponseData } from '../../../shared/contracts/auth';
import { idParamsSchema, ok, okWithMessage } from '../../../shared/contracts/common';
import { ACTIVITY_SIGNED_IN } from '../../../shared/contracts/analytics-dashboard';
import {
  challengeEnableRequestSchema,
  challengeRequestSchema,
  enableRequestSchema,
  enrolLoginAnswerSchema,
  passwordConfirmSchema,
  recoveryCodesSchema,
  signInPolicySchema,
  twoFactorLoginRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  TwoFactorMessage,
} from '../../../shared/contracts/two-factor';
import { ErrorCode } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { AppError, notFound } from '../../lib/errors';
import { authContext, envelope, SENSITIVE_RATE_LIMIT } from './auth.routes';
import { verifyPassword } from './password';
import { finishSignInSetup, signInWithSecondFactor, startSignInSetup } from './two-factor-login';
import {
  confirmSetup,
  createSecretBox,
  disableTwoFactor,
  regenerateRecoveryCodes,
  readSignInPolicy,
  resetSecondFactors,
  saveSignInPolicy,
  startSetup,
  twoFactorStatus,
} from './two-factor.service';
import { findUserById } from './users.repository';

/** /api/auth: the second step of signing in, the staff member's own authenticator, and the policy (ADR 0042). */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  // Staff accounts: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const siteKey = app.config.jwtSecret;
  if (!siteKey) throw new Error('JWT secret missing: authenticator secrets are encrypted with a key derived from it');
  const box = createSecretBox(siteKey);
  /** What authenticator apps show above the code: the site's host name. */
  const issuer = new URL(app.config.publicUrl).host;
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const signedIn = activity<LoginResponseData, unknown>({
    type: 'user',
    action: ACTIVITY_SIGNED_IN,
    item: (_request, data) => data.user.username,
    userId: (_request, data) => data.user.id,
  });
  const mine = (action: string) =>
    activity<unknown, unknown>({ type: 'user', action, item: (request) => request.user?.username });
  const sensitive = { access: 'public' as const, rateLimit: SENSITIVE_RATE_LIMIT };
  const ownAccount = { access: 'read' as const, rateLimit: SENSITIVE_RATE_LIMIT };

  async function checkPassword(request: FastifyRequest, password: string) {
    if (!(await verifyPassword(requireUser(request).password_hash, password))) {
      throw new AppError(400, ErrorCode.WRONG_PASSWORD, AuthMessage.CURRENT_PASSWORD_WRONG, [
        { field: 'password', message: AuthMessage.CURRENT_PASSWORD_WRONG },
      ]);
    }
  }

  r.post(
    '/login/two-factor',
    {
      config: { ...sensitive, activity: signedIn },
      schema: {
        tags,
        summary: 'The second step of a sign-in: a code from the authenticator, or a recovery code',
        body: twoFactorLoginRequestSchema,
        response: { 200: envelope(loginResponseDataSchema) },
      },
    },
    async (request) => {
      const data = await signInWithSecondFactor(authContext(app, request), box, request.body, client(request));
      return okWithMessage(data, AuthMessage.LOGIN_SUCCESS);
    },
  );

  r.post(
    '/login/two-factor/setup',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'During a sign-in the policy holds: a new authenticator to add (QR code and secret)',
        body: challengeRequestSchema,
        response: { 200: envelope(twoFactorSetupSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await startSignInSetup(
        authContext(app, request),
        box,
        request.body.challengeToken,
        issuer,
        client(request),
      );
      return ok(data);
    },
  );

  r.post(
    '/login/two-factor/enable',
    {
      config: { ...sensitive, activity: signedIn },
      schema: {
        tags,
        summary: 'During a sign-in the policy holds: confirm the new authenticator with a code and sign in',
        body: challengeEnableRequestSchema,
        response: { 200: envelope(enrolLoginAnswerSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await finishSignInSetup(authContext(app, request), box, request.body, client(request));
      return okWithMessage(data, TwoFactorMessage.ENABLED);
    },
  );

  r.get(
    '/two-factor',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Whether two-factor authentication is on for me',
        response: { 200: envelope(twoFactorStatusSchema) },
      },
    },
    async (request) => ok(await twoFactorStatus(app.database.db, requireUser(request))),
  );

  r.post(
    '/two-factor/setup',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: 'Start adding an authenticator: its QR code and secret (confirmed by /two-factor/enable)',
        response: { 200: envelope(twoFactorSetupSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await startSetup(app.database.db, box, requireUser(request), issuer));
    },
  );

  r.post(
    '/two-factor/enable',
    {
      config: { ...ownAccount, activity: mine('Turned on two-factor authentication') },
      schema: {
        tags,
        summary: 'Confirm the authenticator with a code: two-factor authentication is on; answers the recovery codes',
        body: enableRequestSchema,
        response: { 200: envelope(recoveryCodesSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await confirmSetup(app.database.db, box, requireUser(request).id, request.body.code);
      return okWithMessage({ recoveryCodes }, TwoFactorMessage.ENABLED);
    },
  );

  r.post(
    '/two-factor/disable',
    {
      config: { ...ownAccount, activity: mine('Turned off two-factor authentication') },
      schema: {
        tags,
        summary: 'Turn two-factor authentication off (needs the password)',
        body: passwordConfirmSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await checkPassword(request, request.body.password);
      await disableTwoFactor(app.database.db, requireUser(request));
      return okWithMessage(null, TwoFactorMessage.DISABLED);
    },
  );

  r.post(
    '/two-factor/recovery-codes',
    {
      config: { ...ownAccount, activity: mine('Made new recovery codes') },
      schema: {
        tags,
        summary: 'New recovery codes (needs the password); the old ones stop working',
        body: passwordConfirmSchema,
        response: { 200: envelope(recoveryCodesSchema) },
      },
    },
    async (request, reply) => {
      await checkPassword(request, request.body.password);
      const recoveryCodes = await regenerateRecoveryCodes(app.database.db, requireUser(request).id);
      reply.header('cache-control', 'no-store');
      return okWithMessage({ recoveryCodes }, TwoFactorMessage.CODES_REGENERATED);
    },
  );

  r.get(
    '/two-factor/policy',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Whether admins and editors must use a second factor',
        response: { 200: envelope(signInPolicySchema) },
      },
    },
    async () => ok(await readSignInPolicy(app.database.db)),
  );

  r.put(
    '/two-factor/policy',
    {
      config: {
        access: 'users',
        activity: activity<{ requireTwoFactor: boolean }, unknown>({
          type: 'settings',
          action: (_request, data) =>
            data.requireTwoFactor
              ? 'Required two-factor authentication'
              : 'Stopped requiring two-factor authentication',
        }),
      },
      schema: {
        tags,
        summary: 'Require a second factor of admins and editors (or stop requiring it)',
        body: signInPolicySchema,
        response: { 200: envelope(signInPolicySchema) },
      },
    },
    async (request) => {
      const data = await saveSignInPolicy(app.database.db, request.body);
      return okWithMessage(data, TwoFactorMessage.POLICY_SAVED);
    },
  );

  r.delete(
    '/users/:id/two-factor',
    {
      config: {
        access: 'users',
        activity: activity<{ user: { username: string } }>({
          type: 'user',
          action: 'Reset two-factor authentication',
          item: (_request, data) => data.user.username,
        }),
      },
      schema: {
        tags: ['users'],
        summary: "Reset a user's second factor (a lost phone): they sign in with the password, or set one up again",
        params: idParamsSchema,
        response: { 200: envelope(z.object({ user: z.object({ id: z.number().int(), username: z.string() }) })) },
      },
    },
    async (request) => {
      const user = await findUserById(app.database.db, request.params.id);
      if (!user) throw notFound('User not found');
      await resetSecondFactors(app.database.db, user.id);
      return okWithMessage({ user: { id: user.id, username: user.username } }, TwoFactorMessage.RESET_BY_ADMIN);
    },
  );
}
