import { Resolver } from 'node:dns/promises';

/** mailauth's resolver: dns.resolve's shape (TXT answers as lists of character-strings). */
export type DnsResolve = (name: string, type: string) => Promise<string[][] | string[]>;

export interface CheckResolver {
  resolve: DnsResolve;
  /** Ends every query still waiting (they reject with ECANCELLED), e.g. once the check timed out. */
  cancel(): void;
}

/**
 * A resolver of its own per check: the servers of DNS_SERVERS (the system's when unset), each
 * query given up after `timeoutMs` (c-ares' timeout is per try, so two tries share it).
 */
export function checkResolver(servers: readonly string[] | undefined, timeoutMs: number): CheckResolver {
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 2)), tries: 2 });
  if (servers?.length) resolver.setServers([...servers]);
  return {
    resolve: (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>,
    cancel: () => resolver.cancel(),
  };
}
