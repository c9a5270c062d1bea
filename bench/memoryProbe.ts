// Preloaded into the server the benchmarks start (node --import): answers "memory" on the IPC
// channel with the process's memory, so bench/productServer.ts can read the heap from outside.
process.on('message', (message) => {
  if (message === 'memory') process.send?.(process.memoryUsage());
});
