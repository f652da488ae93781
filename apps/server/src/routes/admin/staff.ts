import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffCreatedSchema,
  staffCreateSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffResetSchema,
  staffUpdatedSchema,
  staffUpdateSchema,
  type AdminStaff,
} from '@wise/shared/admin';
import type { RouteContext } from '../../context';
import { createStaffMember, getStaff, listStaff, resetStaffMember, updateStaffMember, type StaffListItem } from '../../domain/staff/management';
import { currentStaff } from '../../plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: staff'];

const staffOut = ({ row, lastActiveAt }: StaffListItem): AdminStaff => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp_enrolled: row.totpEnabledAt !== null,
  must_change_password: row.mustChangePassword,
  disabled: row.disabledAt !== null,
  locked_until: row.lockedUntil ? row.lockedUntil.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  last_active_at: lastActiveAt ? new Date(lastActiveAt).toISOString() : null,
});

/** Staff management (admins only); every write needs the admin's current authenticator code. */
export const adminStaffRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/',
    { config: { staff: 'admin' }, schema: { tags, summary: 'Every staff member', response: { 200: staffListSchema, ...errorResponses } } },
    async () => ({ items: (await listStaff(db)).map(staffOut) }),
  );

  app.post(
    '/',
    { config: { staff: 'admin' }, schema: { tags, summary: 'Add a staff member (returns a one-time password)', body: staffCreateSchema, response: { 201: staffCreatedSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      const { email, name, role } = request.body;
      const created = await createStaffMember(db, clock, actor, { email, name, role, ip: request.ip });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ staff: staffOut({ row: created.row, lastActiveAt: null }), one_time_password: created.password });
    },
  );

  app.patch(
    '/:id',
    {
      config: { staff: 'admin' },
      schema: { tags, summary: 'Change a role, disable or re-enable', params: staffIdParamsSchema, body: staffUpdateSchema, response: { 200: staffUpdatedSchema, ...errorResponses } },
    },
    async (request) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      await updateStaffMember(db, clock, actor, request.params.id, { role: request.body.role, disabled: request.body.disabled }, request.ip);
      return { staff: staffOut(await getStaff(db, request.params.id)) };
    },
  );

  app.post(
    '/:id/reset',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'New one-time password and authenticator set-up; ends their sessions',
        params: staffIdParamsSchema,
        body: staffResetSchema,
        response: { 200: staffCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      const password = await resetStaffMember(db, clock, actor, request.params.id, request.ip);
      reply.header('cache-control', 'no-store');
      return { staff: staffOut(await getStaff(db, request.params.id)), one_time_password: password };
    },
  );
};
