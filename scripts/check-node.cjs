/**
 * Runs first in `npm install`, `npm ci`, `npm start`, `npm test` and `npm run bench` (see
 * package.json). The project's scripts are TypeScript run by Node's type stripping; an older
 * Node answers them with a stack trace (ERR_UNKNOWN_FILE_EXTENSION) instead of saying what is
 * wrong. Plain CommonJS and old syntax only, so that every Node that runs npm can run this.
 * The required version lives in package.json's `engines.node` and nowhere else.
 */
"use strict";

const PRODUCT = "The Write Stuff";

/**
 * "v20.20.2" or "20.20.2" as [20, 20, 2]; null when it is not a version.
 * @param {string} text
 * @returns {number[] | null}
 */
function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * The minimum an `engines.node` range asks for. Only ">=x.y.z" is understood: anything else
 * fails loudly rather than being half-read.
 * @param {string} range
 * @returns {number[]}
 */
function minimumOf(range) {
  const match = /^>=\s*(v?\d+\.\d+\.\d+)$/.exec(String(range).trim());
  const minimum = match ? parseVersion(String(match[1])) : null;
  if (!minimum) throw new Error(`scripts/check-node.cjs reads engines.node only as ">=x.y.z", not "${range}".`);
  return minimum;
}

/**
 * @param {number[]} version
 * @param {number[]} minimum
 */
function isAtLeast(version, minimum) {
  for (let i = 0; i < 3; i += 1) {
    if (version[i] !== minimum[i]) return (version[i] || 0) > (minimum[i] || 0);
  }
  return true;
}

/**
 * What to tell someone whose Node is older than `range` allows; null when this Node will do.
 * A version that cannot be read passes: the check is there to explain, not to stand in the way.
 * @param {string} nodeVersion as in `process.version`
 * @param {string} range as in `engines.node`
 * @returns {string | null}
 */
function tooOldMessage(nodeVersion, range) {
  const minimum = minimumOf(range);
  const current = parseVersion(nodeVersion);
  if (!current || isAtLeast(current, minimum)) return null;
  const needed = minimum[2] === 0 ? `${minimum[0]}.${minimum[1]}` : minimum.join(".");
  return (
    `${PRODUCT} needs Node.js ${needed} or newer; this is ${nodeVersion}. ` +
    "Install a current LTS release (https://nodejs.org, or `nvm install --lts`) and run the command again."
  );
}

module.exports = { isAtLeast, minimumOf, tooOldMessage };

if (require.main === module) {
  const message = tooOldMessage(process.version, require("../package.json").engines.node);
  if (message) {
    console.error(`\n${message}\n`);
    process.exit(1);
  }
}
