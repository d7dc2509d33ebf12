// Child process of bench-api: drives one scenario with autocannon and prints its figures as JSON,
// so the load generator does not share an event loop with the server it measures.
import autocannon from 'autocannon';

const { url, paths, connections, seconds } = JSON.parse(process.argv[2]);
const latencies = [];
const instance = autocannon({
  url,
  connections,
  duration: seconds,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
latencies.sort((a, b) => a - b);
const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
process.stdout.write(
  JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    errors: result.errors + result.timeouts + result.non2xx,
  }),
);
