// The bare engine of the http benchmark: Fastify alone, no database, no auth, no logging, in a
// process of its own (so its CPU and memory are its own), answering what Podium's two measured
// routes answer in shape and size. Podium ÷ this is the ratio issue 11 asks for.
import Fastify from 'fastify';

const account = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  email: 'bench@example.test',
  username: 'bench_host',
  full_name: 'Bench Host',
  avatar: null,
  language: 'en',
  confirmed: true,
  settings: { conference: { passcode: false, waiting_room: false, mute_on_entry: false } },
};
const list = {
  items: Array.from({ length: 20 }, (_, i) => ({
    id: `c0ffee00-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Bench${i}`,
    title: `Benchmark event ${i}`,
    start_time: '2026-11-26T10:00:00.000Z',
    end_time: '2026-11-26T11:00:00.000Z',
    mode: 'conference',
  })),
  total: 20,
};

const app = Fastify({ logger: false });
app.get('/bare/details', async () => account);
app.post('/bare/list', async () => list);
app.get('/readyz', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
