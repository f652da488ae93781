import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../context';

export async function adminCryptoRoutes(_app: FastifyInstance, _options: { ctx: RouteContext }) {}
