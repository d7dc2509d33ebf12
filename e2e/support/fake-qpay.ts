// The local QPay the end-to-end tests' products pay through (server/src/bench/fake-qpay.ts), on
// E2E_QPAY_PORT: started once for every lane, as the local OpenID provider is.
import { startFakeQPay } from '../../server/src/bench/fake-qpay.ts';

const qpay = await startFakeQPay(Number(process.env.E2E_QPAY_PORT ?? 4021));
console.log(`fake QPay on ${qpay.url}`);
const stop = () => void qpay.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
