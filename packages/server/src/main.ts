import { loadConfig } from './config.ts';
import { buildPodium } from './app.ts';

const config = loadConfig();
const podium = await buildPodium({ config });
const log = podium.services.log;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Give in-flight requests a bounded time to finish.
  const timer = setTimeout(() => {
    log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await podium.close();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await podium.app.listen({ port: config.port, host: config.host });
log.info({ url: config.publicUrl, storage: podium.services.store.kind }, 'Podium is listening');
