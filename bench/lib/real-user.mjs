// A worker thread (see realUserLogins): the real user's logins run on an event loop of their own, so that the
// flood's client (autocannon, busy on the main thread) does not delay them and add to what is measured.
import { Buffer } from 'node:buffer';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** One login on a connection of its own from `localAddress`: its status and milliseconds. */
export function timedLogin(url, { username, password }, localAddress) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ username, password });
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const call = httpRequest(
      {
        host: hostname,
        port,
        localAddress,
        agent: false,
        method: 'POST',
        path: '/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 120_000,
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode, ms: performance.now() - startedAt }),
        );
      },
    );
    call.once('timeout', () => call.destroy(new Error('timed out')));
    call.once('error', () => resolve({ status: 0, ms: performance.now() - startedAt }));
    call.end(body);
  });
}

/**
 * Logs in again and again (one login at a time, `pauseMs` apart), each from the next of `addresses` (undefined:
 * the default one), until `stop()`; resolves with every login's status and milliseconds.
 */
export function realUserLogins({ url, credentials, addresses, pauseMs }) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { url, credentials, addresses, pauseMs },
  });
  const samples = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { stop: () => worker.postMessage('stop'), samples };
}

if (!isMainThread && workerData) {
  const { url, credentials, addresses, pauseMs } = workerData;
  let stopping = false;
  parentPort.once('message', () => (stopping = true));
  const samples = [];
  for (let i = 0; !stopping; i += 1) {
    samples.push(await timedLogin(url, credentials, addresses?.[i % addresses.length]));
    await sleep(pauseMs);
  }
  parentPort.postMessage(samples);
}
