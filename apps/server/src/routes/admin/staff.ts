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
import type { RouteContext } from '#server/context';
import {
  addStaffMember,
  getStaff,
  listStaff,
  requestStaffReset,
  updateStaffMember,
  type StaffListItem,
} from '#server/domain/staff/management';
import { staffRequestView, type StaffRequestRow } from '#server/domain/staff/requests';
import { currentStaff } from '#server/plugins/staff-sessions';
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

/**
 * Staff management (admins only); every write needs the admin's current authenticator code. Adding
 * an admin, promoting, re-enabling an admin and resetting a sign-in become requests a second admin
 * confirms (routes/admin/requests.ts); no answer carries a password (docs/separation-of-duties.md).
 */
export const adminStaffRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);
  const duty = { db, clock, appUrl: ctx.config.appUrl };
  const requestOut = async (row: StaffRequestRow | undefined) => (row ? staffRequestView(db, row) : null);

  app.get(
    '/',
    { config: { staff: 'admin' }, schema: { tags, summary: 'Every staff member', response: { 200: staffListSchema, ...errorResponses } } },
    async () => ({ items: (await listStaff(db)).map(staffOut) }),
  );

  app.post(
    '/',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Add a reviewer (e-mailed an invitation) or ask to add an admin (a second admin confirms)',
        body: staffCreateSchema,
        response: { 201: staffCreatedSchema, 202: staffCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      const { email, name, role } = request.body;
      const created = await addStaffMember(duty, actor, { email, name, role, ip: request.ip });
      return reply.status(created.request ? 202 : 201).send({
        staff: created.row ? staffOut({ row: created.row, lastActiveAt: null }) : null,
        request: await requestOut(created.request),
      });
    },
  );

  app.patch(
    '/:id',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Change a role, disable or re-enable (making or re-enabling an admin waits for a second admin)',
        params: staffIdParamsSchema,
        body: staffUpdateSchema,
        response: { 200: staffUpdatedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      const { request: asked } = await updateStaffMember(
        duty,
        actor,
        request.params.id,
        { role: request.body.role, disabled: request.body.disabled },
        request.ip,
      );
      return { staff: staffOut(await getStaff(db, request.params.id)), request: await requestOut(asked) };
    },
  );

  app.post(
    '/:id/reset',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Ask to reset a sign-in: once a second admin confirms, their sessions end and an invitation is e-mailed to them',
        params: staffIdParamsSchema,
        body: staffResetSchema,
        response: { 200: staffUpdatedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = currentStaff(request);
      await confirmer.verify(request, request.body);
      const asked = await requestStaffReset(duty, actor, request.params.id, request.ip);
      return { staff: staffOut(await getStaff(db, request.params.id)), request: await requestOut(asked) };
    },
  );
};
