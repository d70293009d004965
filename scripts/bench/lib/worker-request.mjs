// Asking a benchmark's child process something over IPC, for the swarms of clients the realtime
// and polling benchmarks spread over several processes (socket-swarm.mjs, polling-swarm.mjs,
// presence.mjs).

/**
 * Sends `msg` to the child process `worker` and resolves its first reply of type `replyType`.
 * Rejects when the worker exits with a failure (a non-zero code or a signal) before replying: a
 * dead worker fails the run instead of leaving it waiting for ever.
 */
export function request(worker, msg, replyType) {
  return new Promise((resolve, reject) => {
    const onMessage = (reply) => {
      if (reply.type !== replyType) return;
      done();
      resolve(reply);
    };
    const onExit = (code, signal) => {
      if (code === 0) return;
      done();
      reject(new Error(`worker ${worker.pid} exited (code ${code}, signal ${signal}) before "${replyType}"`));
    };
    const done = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.send(msg);
  });
}
