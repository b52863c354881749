#!/usr/bin/env node
// Starts a Kafka-protocol test broker (librdkafka's mock cluster, see
// broker.c) on 127.0.0.1. Plain ESM, node builtins only.
//
//   import { startKafkaTestBroker } from './infra/kafka-test-broker/index.mjs';
//   const kafka = await startKafkaTestBroker({ topics: ['orders'] });
//   new Kafka({ brokers: kafka.brokers, ... });
//   await kafka.stop();
//
// CLI: node infra/kafka-test-broker/index.mjs --topic a --topic b
import { spawn } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = [path.join(DIR, 'broker.c'), path.join(DIR, 'Makefile')];
export const BINARY = path.join(DIR, 'build', 'kafka-test-broker');

// Generous: on a loaded machine (CI runners, several test processes on two cores) the start has taken over 10 s.
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const HINT =
  'kafka-test-broker needs a C compiler, make and librdkafka (headers and ' +
  'library): on Debian/Ubuntu run `apt-get install -y build-essential ' +
  'librdkafka-dev`.';

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    let output = '';
    let child;
    try {
      child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ code: -1, output: String(error) });
      return;
    }
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ code: -1, output: output + String(error) }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Builds build/kafka-test-broker with make if it is missing or older than broker.c/Makefile. */
export async function ensureBuilt() {
  const built = mtime(BINARY);
  if (built >= 0 && SOURCES.every((src) => mtime(src) <= built)) return BINARY;
  const { code, output } = await run('make', ['-C', DIR, '--no-print-directory'], {});
  if (code !== 0 || mtime(BINARY) < 0) {
    throw new Error(
      `kafka-test-broker: build failed (make -C ${DIR} exited ${code}).\n${HINT}\n` + output.trim().split('\n').slice(-15).join('\n'),
    );
  }
  return BINARY;
}

function topicArgs(topics) {
  const args = [];
  for (const t of topics) {
    const name = typeof t === 'string' ? t : t?.topic;
    if (typeof name !== 'string' || !name || /[\s:]/.test(name)) {
      throw new TypeError(`kafka-test-broker: invalid topic ${JSON.stringify(t)}`);
    }
    const parts = typeof t === 'string' ? undefined : t.numPartitions;
    args.push('--topic', parts ? `${name}:${parts}` : name);
  }
  return args;
}

/**
 * Starts a mock Kafka cluster on 127.0.0.1.
 * @param {import('./index.d.mts').KafkaTestBrokerOptions} [options]
 * @returns {Promise<import('./index.d.mts').KafkaTestBroker>}
 */
export async function startKafkaTestBroker({
  topics = [],
  partitions = 3,
  brokers = 1,
  replicationFactor,
  port,
  debug,
  inheritStderr = false,
  keepProcessAlive = false,
} = {}) {
  const binary = await ensureBuilt();
  const args = ['--brokers', String(brokers), '--partitions', String(partitions)];
  if (replicationFactor) args.push('--replication-factor', String(replicationFactor));
  if (port) args.push('--port', String(port));
  if (debug) args.push('--debug', debug);
  args.push(...topicArgs(topics));

  // stdin is a pipe that is never closed by us until stop(): when this
  // process dies, the pipe closes and the broker exits on its own.
  const child = spawn(binary, args, {
    stdio: ['pipe', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
  });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d) => {
    stderrTail = (stderrTail + d).slice(-4000);
  });
  child.stdin.on('error', () => {}); // EPIPE after the broker exited
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: -1, signal: null, error }));
  });

  // Lines on stdout: first BOOTSTRAP=..., then one reply per stdin command.
  const lineWaiters = [];
  const lines = [];
  let buf = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const waiter = lineWaiters.shift();
      if (waiter) waiter.resolve(line);
      else lines.push(line);
    }
  });
  let exitError;
  const nextLine = () => {
    if (lines.length) return Promise.resolve(lines.shift());
    if (exitError) return Promise.reject(exitError);
    return new Promise((resolve, reject) => lineWaiters.push({ resolve, reject }));
  };
  exited.then(({ code, signal, error }) => {
    const why = error ? String(error) : `kafka-test-broker exited (code ${code}, signal ${signal})`;
    exitError = new Error(`${why}\n${stderrTail.trim()}`.trim());
    for (const w of lineWaiters.splice(0)) w.reject(exitError);
  });

  let timer;
  let first;
  try {
    first = await Promise.race([
      nextLine(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no BOOTSTRAP line within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      }),
    ]);
    if (!first.startsWith('BOOTSTRAP=')) throw new Error(`unexpected output: ${first}`);
  } catch (error) {
    child.kill('SIGKILL');
    const hint = /librdkafka|shared librar|ENOENT/.test(`${error.message}${stderrTail}`) ? `\n${HINT}` : '';
    throw new Error(`kafka-test-broker failed to start: ${error.message}${hint}\n${stderrTail.trim()}`.trim(), { cause: error });
  } finally {
    clearTimeout(timer);
  }

  const bootstrap = first.slice('BOOTSTRAP='.length).trim();
  // Do not let a forgotten broker keep node alive (it exits on stdin EOF).
  const setRef = (on) => {
    for (const s of [child.stdout, child.stderr, child.stdin]) s?.[on ? 'ref' : 'unref']?.();
    child[on ? 'ref' : 'unref']();
  };
  setRef(keepProcessAlive);

  let queue = Promise.resolve();
  let stopping;
  const createTopic = (name, numPartitions = partitions, rf = replicationFactor) => {
    topicArgs([name]);
    const cmd = `topic ${name} ${numPartitions}${rf ? ` ${rf}` : ''}\n`;
    const result = queue.then(async () => {
      if (stopping) throw new Error('kafka-test-broker: stopped');
      setRef(true);
      try {
        child.stdin.write(cmd);
        const reply = await nextLine();
        if (!reply.startsWith('OK ')) throw new Error(`kafka-test-broker: ${reply}`);
      } finally {
        setRef(keepProcessAlive);
      }
    });
    queue = result.catch(() => {});
    return result;
  };

  return {
    brokers: bootstrap.split(','),
    bootstrap,
    pid: child.pid,
    createTopic,
    async createTopics(list) {
      for (const t of list) {
        if (typeof t === 'string') await createTopic(t);
        else await createTopic(t.topic, t.numPartitions ?? partitions, t.replicationFactor);
      }
    },
    stop() {
      if (!stopping) {
        stopping = (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
            await exited;
            clearTimeout(killer);
          }
          child.stdin.destroy();
        })();
      }
      return stopping;
    },
  };
}

// ---- CLI ----
function isMain() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(argv) {
  const opts = { topics: [], inheritStderr: true, keepProcessAlive: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--topic') {
      const [topic, n] = value().split(':');
      opts.topics.push(n ? { topic, numPartitions: Number(n) } : topic);
    } else if (a === '--partitions') opts.partitions = Number(value());
    else if (a === '--brokers') opts.brokers = Number(value());
    else if (a === '--replication-factor') opts.replicationFactor = Number(value());
    else if (a === '--port') opts.port = Number(value());
    else if (a === '-h' || a === '--help') {
      console.log(
        'Usage: node index.mjs [--topic NAME[:P]]... [--partitions P] [--brokers N]\n' +
          '                      [--replication-factor R] [--port PORT]\n' +
          'Prints BOOTSTRAP=<host:port,...> and runs until Ctrl-C.',
      );
      return;
    } else throw new Error(`unknown argument ${a}`);
  }
  const broker = await startKafkaTestBroker(opts);
  console.log(`BOOTSTRAP=${broker.bootstrap}`);
  const shutdown = async () => {
    await broker.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (isMain()) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
