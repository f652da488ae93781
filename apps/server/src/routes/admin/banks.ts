import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../context';

export async function adminBankRoutes(_app: FastifyInstance, _options: { ctx: RouteContext }) {}
