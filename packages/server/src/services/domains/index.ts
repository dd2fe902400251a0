export {
  DomainsService,
  DomainRegistry,
  isMemberEmail,
  domainUnknown,
  type DomainInput,
} from './service.ts';
