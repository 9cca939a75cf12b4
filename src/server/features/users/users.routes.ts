import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod';
import {
  AuthMessage,
  listUsersQuerySchema,
  listUsersResponseDataSchema,
  registerRequestSchema,
  userResponseDataSchema,
  userRoleRequestSchema,
  userStatusRequestSchema,
  type PublicUser,
} from '../../../shared/contracts/auth';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { authContext, envelope } from './auth.routes';
import { listUsersPage, registerUser, removeUser, setUserRole, setUserStatus, usernameOf } from './users.service';
import { idParamsSchema, ok, okWithMessage } from '../../../shared/contracts/common';

/** /api/auth: staff user administration, admin only (permission 'users'). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  // Staff accounts: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const config = { access: 'users' as const };
  /** A change answered with the user ("Changed user role to editor", "alice"). */
  const changed = (action: (user: PublicUser) => string) =>
    activity<{ user: PublicUser }>({
      type: 'user',
      action: (_request, data) => action(data.user),
      item: (_request, data) => data.user.username,
    });

  r.post(
    '/register',
    {
      config: { ...config, activity: changed(() => 'Created user') },
      schema: {
        tags,
        summary: 'Create a staff user',
        body: registerRequestSchema,
        response: { 201: envelope(userResponseDataSchema) },
      },
    },
    async (request, reply) => {
      const user = await registerUser(authContext(app, request), request.body);
      return reply.status(201).send(okWithMessage({ user }, AuthMessage.USER_CREATED));
    },
  );

  r.get(
    '/users',
    {
      config,
      schema: {
        tags,
        summary: 'List staff users',
        querystring: listUsersQuerySchema,
        response: { 200: envelope(listUsersResponseDataSchema) },
      },
    },
    async (request) => ok(await listUsersPage(authContext(app, request), request.query)),
  );

  r.patch(
    '/users/:id/status',
    {
      config: {
        ...config,
        activity: changed((user) => (user.status === 'active' ? 'Enabled user' : 'Disabled user')),
      },
      schema: {
        tags,
        summary: 'Enable or disable a user (disabling ends their sessions)',
        params: idParamsSchema,
        body: userStatusRequestSchema,
        response: { 200: envelope(userResponseDataSchema) },
      },
    },
    async (request) => {
      const user = await setUserStatus(
        authContext(app, request),
        requireUser(request),
        request.params.id,
        request.body.status,
      );
      return okWithMessage({ user }, AuthMessage.USER_UPDATED);
    },
  );

  r.patch(
    '/users/:id/role',
    {
      config: { ...config, activity: changed((user) => `Changed user role to ${user.role}`) },
      schema: {
        tags,
        summary: "Change a user's role",
        params: idParamsSchema,
        body: userRoleRequestSchema,
        response: { 200: envelope(userResponseDataSchema) },
      },
    },
    async (request) => {
      const user = await setUserRole(
        authContext(app, request),
        requireUser(request),
        request.params.id,
        request.body.role,
      );
      return okWithMessage({ user }, AuthMessage.USER_UPDATED);
    },
  );

  r.delete(
    '/users/:id',
    {
      config: {
        ...config,
        activity: activity({
          type: 'user',
          action: 'Deleted user',
          itemBefore: (request) => usernameOf(app.database.db, request.params.id),
        }),
      },
      schema: {
        tags,
        summary: 'Delete a user',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeUser(authContext(app, request), requireUser(request), request.params.id);
      return okWithMessage(null, AuthMessage.USER_DELETED);
    },
  );
}
