import { run as backup } from './backup';
import { run as createAdmin } from './create-admin';
import { run as migrate } from './migrate';
import { run as restore } from './restore';
import { run as seed } from './seed';
import { run as storage } from './storage';

/*
 * The operators' commands, bundled by `npm run build` into dist/cli.js (like the server into dist/server.js),
 * so that a production install runs them with Node alone: `node dist/cli.js <command> [args]`, or
 * `npm run <command> [-- args]`. Each command's exit code is the process's; an unknown command exits with 2.
 */

interface Command {
  usage: string;
  summary: string;
  run: (args: string[]) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  migrate: { usage: 'migrate', summary: 'apply pending database migrations', run: migrate },
  seed: { usage: 'seed', summary: 'load the demo content into an empty database', run: seed },
  'create-admin': {
    usage: 'create-admin [--email E] [--password P] [--username U]',
    summary: 'create an admin, or reset an account to an active admin (prompts for what is missing)',
    run: createAdmin,
  },
  backup: { usage: 'backup', summary: 'back up every table and uploaded file into the backups store', run: backup },
  restore: {
    usage: 'restore FILE [--yes]',
    summary: "replace the site's data and files by a backup archive (a path or a stored backup's name)",
    run: restore,
  },
  storage: {
    usage: 'storage push|pull|verify',
    summary: 'copy uploads and backups into the STORAGE_S3_* bucket, back, or compare',
    run: storage,
  },
};

function usage(): string {
  return [
    'usage: node dist/cli.js <command> [args]   (or npm run <command> -- [args])',
    'dist/cli.js is made by `npm run build`; settings come from the environment or .env, as for the server.',
    '',
    'commands:',
    ...Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`),
  ].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (command) {
  process.exitCode = await command.run(args);
} else if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
  console.log(usage());
} else {
  console.error(`unknown command: ${name}\n\n${usage()}`);
  process.exitCode = 2;
}
