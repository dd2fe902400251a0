/**
 * Operator commands: `npm run podium -- <command> …`. Each command opens the configured database
 * (the same DATABASE_URL / DATA_DIR as the server) and goes through the same services.
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite serves one process.
 */
import pino from 'pino';
import { loadConfig } from './config.ts';
import { openStore } from './store/db.ts';
import path from 'node:path';
import { Secrets } from './services/secrets.ts';
import { AccountStore } from './services/accounts/account-store.ts';
import { WalletService } from './services/wallet/index.ts';
import { WALLET_CLI_USAGE, walletCommand, type CliIo } from './services/wallet/cli-command.ts';
import type { Store } from './store/db.ts';
import { DomainRegistry } from './services/domains/index.ts';
import { DOMAIN_CLI_USAGE, domainCommand } from './services/domains/cli-command.ts';

type Command = (args: string[], store: Store, io: CliIo) => Promise<number>;

/** One entry per command; add yours here. */
const commands: Record<string, { usage: string; run: Command }> = {
  wallet: {
    usage: WALLET_CLI_USAGE,
    run: (args, store, io) => {
      const log = pino({ level: 'warn' });
      const wallet = new WalletService({
        db: store.db,
        log,
        secrets: new Secrets(store.db),
        accounts: new AccountStore(store.db),
      });
      return walletCommand(args, wallet, io);
    },
  },
  domain: {
    usage: DOMAIN_CLI_USAGE,
    run: (args, store, io) => domainCommand(args, new DomainRegistry(store.db), io),
  },
};

const io: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    io.err('usage:');
    for (const c of Object.values(commands)) io.err(`  ${c.usage}`);
    return 2;
  }
  const config = loadConfig();
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    return await command.run(args, store, io);
  } finally {
    await store.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
