// Fails fast when npm scripts run on a Node other than 24 (e.g. after `npm ci --ignore-scripts`,
// when the pinned `node` package could not put its binary first on PATH).
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `This project runs on Node 24 (pinned by the "node" devDependency), but found Node ${process.versions.node}.\n` +
      'Run it through npm scripts after a full `npm ci` (without --ignore-scripts).',
  );
  process.exit(1);
}
