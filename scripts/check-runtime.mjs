// Runs before `npm start` and `npm test`: the project brings its own Node 24 from the npm registry
// (the `node` package, installed as node_modules/.bin/node, which npm scripts put first on the PATH).
// A machine's older Node only runs npm itself; if the scripts would run on it, stop here and say why.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.version} (${process.execPath}) runs this script, but the project needs Node 24 or later.\n` +
      'Run `npm install` (or `npm ci`) first: it installs Node 24 as node_modules/.bin/node, which npm scripts use.\n' +
      'If node_modules/.bin/node is missing, the install script of the `node` package was skipped (see `allowScripts` in package.json).',
  );
  process.exit(1);
}
console.log(`runtime: Node ${process.version} (${process.execPath})`);
