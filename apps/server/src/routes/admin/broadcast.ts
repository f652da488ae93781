import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../context';

export async function adminBroadcastRoutes(_app: FastifyInstance, _options: { ctx: RouteContext }) {}
