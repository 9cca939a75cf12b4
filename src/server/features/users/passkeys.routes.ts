import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthMessage, loginResponseDataSchema, type LoginResponseData } from '../../../shared/contracts/auth';
import { idParamsSchema, ok, okWithMessage } from '../../../shared/contracts/common';
import { ACTIVITY_SIGNED_IN } from '../../../shared/contracts/analytics-dashboard';
import {
  passkeyAuthenticateRequestSchema,
  passkeyListSchema,
  PasskeyMessage,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  passkeySchema,
  webauthnOptionsSchema,
} from '../../../shared/contracts/passkeys';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { notFound } from '../../lib/errors';
import { authContext, envelope, SENSITIVE_RATE_LIMIT } from './auth.routes';
import { deleteCredential, renameCredential } from './passkeys.repository';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskeys,
  signInWithPasskey,
} from './passkeys.service';
import { findUserById } from './users.repository';

/** /api/auth: passkeys, the staff member's own and the sign-in with one (ADR 0043). */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  // Staff accounts: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const siteKey = app.config.jwtSecret;
  if (!siteKey) throw new Error('JWT secret missing: passkey user handles are derived from it');
  const rp = relyingPartyOf(app.config.publicUrl, siteKey);
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const mine = (action: string) =>
    activity<unknown, unknown>({ type: 'user', action, item: (request) => request.user?.username });
  const sensitive = { access: 'public' as const, rateLimit: SENSITIVE_RATE_LIMIT };
  const ownAccount = { access: 'read' as const, rateLimit: SENSITIVE_RATE_LIMIT };
  const noStore = { 'cache-control': 'no-store' };

  r.post(
    '/passkeys/authentication-options',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Start a sign-in with a passkey: the options for navigator.credentials.get()',
        response: { 200: envelope(webauthnOptionsSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok({ ...(await authenticationOptions(app.database.db, rp)) });
    },
  );

  r.post(
    '/passkeys/authenticate',
    {
      config: {
        ...sensitive,
        activity: activity<LoginResponseData, unknown>({
          type: 'user',
          action: ACTIVITY_SIGNED_IN,
          item: (_request, data) => data.user.username,
          userId: (_request, data) => data.user.id,
        }),
      },
      schema: {
        tags,
        summary: "Sign in with a passkey: the browser's answer to the options; answers the session",
        body: passkeyAuthenticateRequestSchema,
        response: { 200: envelope(loginResponseDataSchema) },
      },
    },
    async (request) => {
      const response = request.body.response as AuthenticationResponseJSON;
      const data = await signInWithPasskey(authContext(app, request), rp, response, client(request));
      return okWithMessage(data, AuthMessage.LOGIN_SUCCESS);
    },
  );

  r.get(
    '/passkeys',
    {
      config: { access: 'read' },
      schema: { tags, summary: 'My passkeys', response: { 200: envelope(passkeyListSchema) } },
    },
    async (request) => ok({ passkeys: await listPasskeys(app.database.db, requireUser(request).id) }),
  );

  r.post(
    '/passkeys/registration-options',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: 'Start adding a passkey: the options for navigator.credentials.create()',
        response: { 200: envelope(webauthnOptionsSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const options = await registrationOptions(app.database.db, rp, requireUser(request));
      return ok({ ...options });
    },
  );

  r.post(
    '/passkeys',
    {
      config: { ...ownAccount, activity: mine('Added a passkey') },
      schema: {
        tags,
        summary: "Add a passkey: the browser's answer to the registration options, and its name",
        body: passkeyRegisterRequestSchema,
        response: { 200: envelope(passkeySchema) },
      },
    },
    async (request) => {
      const input = { name: request.body.name, response: request.body.response as RegistrationResponseJSON };
      const data = await registerPasskey(app.database.db, rp, requireUser(request).id, input);
      return okWithMessage(data, PasskeyMessage.ADDED);
    },
  );

  r.patch(
    '/passkeys/:id',
    {
      config: { access: 'read', activity: mine('Renamed a passkey') },
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        params: idParamsSchema,
        body: passkeyRenameRequestSchema,
        response: { 200: envelope(passkeySchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await renameCredential(app.database.db, user.id, request.params.id, request.body.name);
      const data = (await listPasskeys(app.database.db, user.id)).find((p) => p.id === request.params.id);
      if (!data) throw notFound(PasskeyMessage.NOT_FOUND);
      return okWithMessage(data, PasskeyMessage.RENAMED);
    },
  );

  r.delete(
    '/passkeys/:id',
    {
      config: { access: 'read', activity: mine('Deleted a passkey') },
      schema: {
        tags,
        summary: 'Delete one of my passkeys: it no longer signs me in',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      if (!(await deleteCredential(app.database.db, requireUser(request).id, request.params.id))) {
        throw notFound(PasskeyMessage.NOT_FOUND);
      }
      return okWithMessage(null, PasskeyMessage.DELETED);
    },
  );

  r.delete(
    '/users/:id/passkeys',
    {
      config: {
        access: 'users',
        activity: activity<{ user: { username: string } }>({
          type: 'user',
          action: 'Removed passkeys',
          item: (_request, data) => data.user.username,
        }),
      },
      schema: {
        tags: ['users'],
        summary: "Remove all of a user's passkeys (a lost or stolen device)",
        params: idParamsSchema,
        response: {
          200: envelope(
            z.object({ user: z.object({ id: z.number().int(), username: z.string() }), removed: z.number().int() }),
          ),
        },
      },
    },
    async (request) => {
      const user = await findUserById(app.database.db, request.params.id);
      if (!user) throw notFound('User not found');
      const removed = await removePasskeys(app.database.db, user.id);
      return okWithMessage(
        { user: { id: user.id, username: user.username }, removed },
        PasskeyMessage.REMOVED_BY_ADMIN,
      );
    },
  );
}
