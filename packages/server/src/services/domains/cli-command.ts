import { parseArgs } from 'node:util';
import { domainEnvironmentSchema, domainSchema, type FindDomainResponse } from '@podium/protocol';
import type { DomainRegistry } from './service.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const DOMAIN_CLI_USAGE =
  'domain add <domain> --url <base URL> [--name <name>] [--main-domain URL] [--acc-api URL] ' +
  '[--webrtc-api URL] [--conference-api URL] [--signal URL] | domain list | domain remove <domain>';

function show(found: FindDomainResponse): string {
  return JSON.stringify(found);
}

/**
 * `npm run podium -- domain …`: the organization domains /domain finds. `--url` is the base
 * address of the Podium server that serves the organization; each environment value defaults to
 * it (the signal controller to its ws:// or wss:// form) and can be given on its own.
 */
export async function domainCommand(
  args: string[],
  registry: DomainRegistry,
  io: CliIo,
): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      for (const found of await registry.list()) io.out(show(found));
      return 0;
    }
    case 'remove': {
      const parsed = domainSchema.safeParse(rest[0] ?? '');
      if (!parsed.success) {
        io.err(`usage: ${DOMAIN_CLI_USAGE}`);
        return 2;
      }
      if (!(await registry.remove(parsed.data))) {
        io.err(`no such domain: ${parsed.data}`);
        return 1;
      }
      io.out(`removed ${parsed.data}`);
      return 0;
    }
    case 'add': {
      let values: Record<string, string | undefined>;
      let positionals: string[];
      try {
        ({ values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            url: { type: 'string' },
            name: { type: 'string' },
            'main-domain': { type: 'string' },
            'acc-api': { type: 'string' },
            'webrtc-api': { type: 'string' },
            'conference-api': { type: 'string' },
            signal: { type: 'string' },
          },
        }));
      } catch (error) {
        io.err((error as Error).message);
        io.err(`usage: ${DOMAIN_CLI_USAGE}`);
        return 2;
      }
      const domain = domainSchema.safeParse(positionals[0] ?? '');
      const base = values.url?.replace(/\/+$/, '');
      const named = ['main-domain', 'acc-api', 'webrtc-api', 'conference-api', 'signal'];
      if (!base && named.some((k) => !values[k])) {
        io.err(
          'give --url, or every one of --main-domain --acc-api --webrtc-api --conference-api --signal',
        );
        io.err(`usage: ${DOMAIN_CLI_USAGE}`);
        return 2;
      }
      const environment = domainEnvironmentSchema.safeParse({
        MAIN_DOMAIN: values['main-domain'] ?? base,
        ACC_API_URL: values['acc-api'] ?? base,
        WEBRTC_BASE_API_URL: values['webrtc-api'] ?? base,
        CONFERENCE_API_URL: values['conference-api'] ?? base,
        SIGNAL_CONTROLLER: values.signal ?? base?.replace(/^http/, 'ws'),
      });
      if (!domain.success || !environment.success) {
        const issues = [
          ...(domain.success ? [] : domain.error.issues.map((i) => `domain: ${i.message}`)),
          ...(environment.success
            ? []
            : environment.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
        ];
        for (const issue of issues) io.err(issue);
        io.err(`usage: ${DOMAIN_CLI_USAGE}`);
        return 2;
      }
      const saved = await registry.upsert({
        domain: domain.data,
        name: values.name ?? null,
        environment: environment.data,
      });
      io.out(show(saved));
      return 0;
    }
    default:
      io.err(`usage: ${DOMAIN_CLI_USAGE}`);
      return 2;
  }
}
