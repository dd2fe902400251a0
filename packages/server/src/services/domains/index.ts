export { DomainsService, DomainRegistry, type DomainInput } from './service.ts';
