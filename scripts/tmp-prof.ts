import autocannon from 'autocannon';
import { startServer } from '../test/e2e/server.ts';
import { demoSession } from './demo-session.ts';

const [path = '/en/login/1', mode] = process.argv.slice(2);
const visitor = process.argv.includes('visitor');
const server = await startServer(
  {},
  mode === 'prof' ? { wrap: ['env', 'NODE_OPTIONS=--cpu-prof --cpu-prof-dir=/tmp/prof'] } : {},
);
const session = await demoSession(server.url);
const headers: Record<string, string> = visitor
  ? { 'accept-encoding': 'gzip' }
  : { cookie: session.cookie };
const run = (duration: number) =>
  autocannon({ url: `${server.url}${path}`, connections: 50, duration, headers });
await run(3);
const r = await run(8);
console.log(path, Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'non2xx', r.non2xx);
await server.stop();
