import type { FastifyInstance } from 'fastify';
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
} from '../../../shared/contracts/auth';
import { requireUser } from '../../plugins/auth';
import { authContext, envelope } from './auth.routes';
import { listUsersPage, registerUser, removeUser, setUserRole, setUserStatus } from './users.service';
import { idParamsSchema } from '../../../shared/contracts/common';

/** /api/auth: staff user administration, admin only (permission 'users'). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const config = { access: 'users' as const };

  r.post(
    '/register',
    {
      config,
      schema: {
        tags,
        summary: 'Create a staff user',
        body: registerRequestSchema,
        response: { 201: envelope(userResponseDataSchema) },
      },
    },
    async (request, reply) => {
      const user = await registerUser(authContext(app, request), request.body);
      return reply.status(201).send({ success: true as const, data: { user }, message: AuthMessage.USER_CREATED });
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
    async (request) => ({
      success: true as const,
      data: await listUsersPage(authContext(app, request), request.query),
    }),
  );

  r.patch(
    '/users/:id/status',
    {
      config,
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
      return { success: true as const, data: { user }, message: AuthMessage.USER_UPDATED };
    },
  );

  r.patch(
    '/users/:id/role',
    {
      config,
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
      return { success: true as const, data: { user }, message: AuthMessage.USER_UPDATED };
    },
  );

  r.delete(
    '/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeUser(authContext(app, request), requireUser(request), request.params.id);
      return { success: true as const, data: null, message: AuthMessage.USER_DELETED };
    },
  );
}
