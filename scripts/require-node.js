// JavaScript, where everything else is TypeScript: this runs first, on whatever Node the machine
// has, and a Node older than Listo needs cannot run TypeScript at all. It would fail on the first
// .ts file with ERR_UNKNOWN_FILE_EXTENSION and a stack; this says what to install instead.
import fs from 'node:fs';

const readRepoFile = (name) => fs.readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
const needed = JSON.parse(readRepoFile('package.json')).engines.node.replace('>=', '');
const recommended = readRepoFile('.nvmrc').trim();

const [neededMajor, neededMinor] = needed.split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < neededMajor || (major === neededMajor && minor < neededMinor)) {
  console.error(
    `Listo needs Node.js ${needed} or newer; this is ${process.versions.node} (${process.execPath}). ` +
      `Install Node.js ${recommended} LTS (.nvmrc, e.g. nvm install), then run the command again.`,
  );
  process.exit(1);
}
