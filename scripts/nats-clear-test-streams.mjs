#!/usr/bin/env node
// Deletes the JetStream streams that test runs left on a NATS server (namespaces `t<8 hex>`, streams
// `SCM_T<8 hex>_<SERVICE>`), e.g. after a run was killed before its clean-up. JetStream reserves each stream's
// max_bytes against the server's store, so leftovers would pile up until stream creation fails. Only for a
// server no test run is using at the moment: CI calls it before the suites start.
//   node scripts/nats-clear-test-streams.mjs nats://127.0.0.1:4222
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const url = process.argv[2] ?? process.env.NATS_URL;
if (!url) {
  console.error('usage: nats-clear-test-streams.mjs <NATS_URL>');
  process.exit(2);
}
const nc = await connect({ servers: url });
try {
  const jsm = await jetstreamManager(nc);
  const names = [];
  for await (const name of jsm.streams.names()) if (/^SCM_T[0-9A-F]{8}_/.test(name)) names.push(name);
  for (const name of names) await jsm.streams.delete(name);
  console.log(`NATS: deleted ${names.length} stream(s) left by earlier test runs`);
} finally {
  await nc.close();
}
