// Child process of bench-api: drives one scenario with autocannon and prints its figures as JSON,
// so the load generator does not share an event loop with the server it measures. With `pdfLoop`,
// one signed-in user meanwhile asks for their CV PDF `concurrency` at a time, round after round.
import autocannon from 'autocannon';

const { url, paths, connections, seconds, headers = {}, pdfLoop } = JSON.parse(process.argv[2]);

/**
 * One user's PDF requests until `isDone()`: each round saves a new version of the CV first (so
 * the PDF cache cannot answer: every round is drawn, the most one user can cost), then asks for
 * the PDF `concurrency` times at once in both languages. Counts the answers by status.
 */
async function requestPdfsInALoop({ cookie, origin, cv, concurrency }, isDone) {
  const statuses = {};
  let rounds = 0;
  while (!isDone()) {
    rounds++;
    const save = await fetch(`${url}/api/cv`, {
      method: 'PUT',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...cv, summary: `${cv.summary} (version ${rounds})` }),
    });
    await save.arrayBuffer();
    const answers = await Promise.all(
      Array.from({ length: concurrency }, async (_, index) => {
        const response = await fetch(`${url}/api/cv/pdf?lang=${index % 2 ? 'mn' : 'en'}`, { headers: { cookie } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { rounds, statuses };
}

const latencies = [];
let loadDone = false;
const instance = autocannon({
  url,
  connections,
  duration: seconds,
  headers,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const pdfs = pdfLoop ? requestPdfsInALoop(pdfLoop, () => loadDone) : Promise.resolve(undefined);
const result = await instance;
loadDone = true;
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
    pdfs: await pdfs,
  }),
);
