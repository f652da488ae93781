import type { FastifyRequest } from 'fastify';
import type { StaffConfirmationInput } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { verifyStaffConfirmation, type ConfirmationDeps, type StaffConfirmationRequest } from '#server/domain/staff/confirm';
import { currentStaffSession } from '#server/plugins/staff-sessions';

export interface StaffConfirmer {
  deps: ConfirmationDeps;
  /** The body's code or passkey, with the session that sent it (a passkey answers that session's challenge). */
  of: (request: FastifyRequest, body: StaffConfirmationInput) => StaffConfirmationRequest;
  /** verifyStaffConfirmation for the signed-in staff member (403 CONFIRMATION_INVALID). */
  verify: (request: FastifyRequest, body: StaffConfirmationInput) => Promise<void>;
}

/**
 * Every sensitive back-office route confirms the same way (docs/decisions.md §8.3, §8.6): the
 * authenticator code or a passkey, checked by the one function in domain/staff/confirm.ts.
 */
export function staffConfirmer(ctx: RouteContext): StaffConfirmer {
  const appUrl = new URL(ctx.config.appUrl);
  const deps: ConfirmationDeps = {
    db: ctx.db,
    clock: ctx.clock,
    secret: ctx.config.sessionSecret,
    rpId: appUrl.hostname,
    origin: appUrl.origin,
  };
  const of = (request: FastifyRequest, body: StaffConfirmationInput): StaffConfirmationRequest => ({
    sessionHash: currentStaffSession(request).sessionHash,
    confirm_code: body.confirm_code,
    confirm_passkey: body.confirm_passkey,
  });
  return {
    deps,
    of,
    verify: (request, body) => verifyStaffConfirmation(deps, currentStaffSession(request).staff.id, of(request, body)),
  };
}

/** The action's own fields, once its confirmation is checked. */
export function withoutConfirmation<T extends StaffConfirmationInput>(body: T): Omit<T, keyof StaffConfirmationInput> {
  const { confirm_code: _code, confirm_passkey: _passkey, ...rest } = body;
  return rest;
}
