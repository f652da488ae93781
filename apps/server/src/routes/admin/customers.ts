import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../context';

export async function adminCustomerRoutes(_app: FastifyInstance, _options: { ctx: RouteContext }) {}
