/**
 * The `stich` command. Each subcommand prints JSON on stdout (or a short usage text) and exits 0 on
 * success, 1 on bad input (with `{ "error": { code, reason } }`), 2 on a usage error.
 */
import { commands } from './commands.ts';
import { helpFor } from './help.ts';

const help = helpFor(commands, process.argv.slice(2));
if (help !== null) {
  process.stdout.write(help);
  process.exit(0);
}
const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  process.stderr.write(
    `usage: stich <command> [options]\n\ncommands:\n${Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(9)} ${c.summary}`)
      .join('\n')}\n`,
  );
  process.exit(name ? 2 : 0);
}
process.exitCode = await command.run(args, process.stdout);
