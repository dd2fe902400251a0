import { discoverDomain, knownMainHosts } from './environment.ts';

/** Runs spec §4's discovery once per page load; a failure changes nothing. */
export function startDomainDiscovery(): Promise<unknown> {
  return discoverDomain({
    hostname: window.location.hostname,
    protocol: window.location.protocol,
    storage: window.localStorage,
    knownMainHosts: knownMainHosts(import.meta.env.VITE_MAIN_HOSTS as string | undefined),
  });
}
