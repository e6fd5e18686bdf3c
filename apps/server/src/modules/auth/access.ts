/** Route access is declared on every Fastify route; API routes take it from their contract. */
import type { ApiAccess } from '@hosewright/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: ApiAccess;
  }
}
