// Preloaded into the server the benchmarks start (node --import): answers "usage" on the IPC
// channel with the process's memory and CPU time so far, so bench/productServer.ts can read
// them from outside.
process.on('message', (message) => {
  if (message === 'usage') process.send?.({ memory: process.memoryUsage(), cpu: process.cpuUsage() });
});
