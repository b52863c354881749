import { spawn } from 'node:child_process';
import net from 'node:net';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', shell: false, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

/** Resolves true when a TCP connection to host:port opens within the timeout. */
export function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function hostPort(url, defaultPort) {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}

export const npmBin = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
