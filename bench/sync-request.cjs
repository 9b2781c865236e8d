/**
 * autocannon setupRequest for bench/sync.bench.ts (loaded with require() in autocannon's worker
 * thread, hence CommonJS): every request gets fresh ids, so each batch is 50 new mutations rather
 * than a re-sent one the server would answer from sync_mutations.
 */
const { randomUUID } = require('node:crypto');

module.exports = function setupRequest(request) {
  return { ...request, body: request.body.replace(/__UUID__/g, () => randomUUID()) };
};
