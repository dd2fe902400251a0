export { DomainsService, isMemberEmail, domainUnknown, type DomainInput } from './service.ts';
