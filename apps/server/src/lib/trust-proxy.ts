/**
 * Which peers may tell us the client's address, host and protocol (`X-Forwarded-For`, `-Host`, `-Proto`):
 * `TRUST_PROXY` (ADR 10). Off by default, so a caller cannot choose the address its limits are counted
 * against, the host the identity provider's discovery document names, or the cookies' `Secure` flag.
 *
 * - unset, empty or `false`: no one; the socket's peer is the client.
 * - a hop count (`1`): that many proxies in front of the app, whatever their addresses.
 * - addresses and CIDRs, space or comma separated (`10.0.0.0/8, 127.0.0.1`), or the names `loopback`,
 *   `linklocal` and `uniquelocal`: those peers, and the proxies they forwarded from, are trusted.
 *
 * One function decides for the API (Fastify's `trustProxy`) and for the identity provider (see
 * `forwardedAsDecided`), so the two never disagree about who the client is.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the address at `hop` (0 is the socket's peer) may forward for the one before it. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The parsed setting, or a sentence saying what is wrong with it. */
export function parseTrustProxy(value: string | undefined): TrustProxy | false | { error: string } {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return false;
    return (_address, hop) => hop < hops;
  }
  if (text.toLowerCase() === 'true') {
    return { error: 'true would believe any caller; give the number of proxies or their addresses' };
  }
  const entries = text.split(/[\s,]+/).filter(Boolean);
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    return { error: `${(error as Error).message}; expected addresses or CIDRs like 10.0.0.0/8` };
  }
}

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Rewrites a request's forwarding headers to what `trust` decided, for code that reads them on its own
 * (the identity provider, a Koa app with `proxy` on): the client address alone in `X-Forwarded-For`, and
 * the host and protocol the peer reported only when the peer is trusted, else the connection's own.
 */
export function forwardedAsDecided(req: IncomingMessage, trust: TrustProxy | false): void {
  const socket = req.socket;
  const peer = socket.remoteAddress ?? '';
  const trusted = trust !== false && trust(peer, 0);
  const last = (name: (typeof FORWARDED)[number]) => {
    const header = req.headers[name];
    const value = Array.isArray(header) ? header.join(',') : header;
    return value?.split(',').at(-1)?.trim() || undefined;
  };
  const client = trust === false ? peer : proxyAddr(req, trust);
  const host = (trusted && last('x-forwarded-host')) || req.headers.host || '';
  const encrypted = (socket as { encrypted?: boolean }).encrypted === true;
  const proto = (trusted && last('x-forwarded-proto')) || (encrypted ? 'https' : 'http');
  for (const name of FORWARDED) delete req.headers[name];
  req.headers['x-forwarded-for'] = client;
  req.headers['x-forwarded-host'] = host;
  req.headers['x-forwarded-proto'] = proto;
}
