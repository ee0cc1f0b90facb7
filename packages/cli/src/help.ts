/**
 * `stich --help` and `stich COMMAND --help`: the commands, each command's options and an example. A
 * command without an entry here (a newer one) is still listed with its one-line summary.
 */
import { GAMES } from '@stich/engine';
import type { Command } from './commands.ts';

interface Help {
  readonly usage: string;
  readonly options: readonly (readonly [string, string])[];
  readonly examples: readonly string[];
}

const GAME = ['--game G', `the game: ${Object.keys(GAMES).join(', ')}`] as const;
const PLAYERS = ['--players N', 'players at the table (default: the game’s usual count)'] as const;
const SEED = ['--seed S', 'seed of the deals (default 1); the same seed plays the same deals'] as const;

export const HELP: Readonly<Record<string, Help>> = {
  replay: {
    usage: 'stich replay FILE',
    options: [['FILE', 'a game record (stich-record JSON, e.g. downloaded from a finished table)']],
    examples: ['npx stich replay stich-AbC123.record.json'],
  },
  verify: {
    usage: 'stich verify FILE',
    options: [
      ['FILE', 'a game record of a server table (its deals carry the proof `fair`, docs/fair-deal.md)'],
    ],
    examples: ['npx stich verify stich-AbC123.record.json'],
  },
  selfplay: {
    usage: 'stich selfplay --game G [--players N] [--preset P] [--deals N] [--seed S] [--out DIR]',
    options: [
      GAME,
      PLAYERS,
      ['--preset P', 'a rule preset of the game (default: its first)'],
      ['--deals N', 'deals to play with random legal moves (default 100)'],
      SEED,
      ['--out DIR', 'also write each match’s record into DIR'],
    ],
    examples: ['npx stich selfplay --game klapperjas --players 3 --deals 50 --seed 7 --out records'],
  },
  arena: {
    usage:
      'stich arena --game G [--players N] [--preset P] --bots A,B [--deals N] [--matches M] [--seed S] [--timeout MS]',
    options: [
      GAME,
      PLAYERS,
      ['--preset P', 'a rule preset of the game (default: its first)'],
      [
        '--bots A,B',
        'two sides, each a bot level (random, rule, search) or cmd:COMMAND, an outside program speaking the bot interface (docs/bot-interface.md); quote the list when a command has spaces (default rule,random)',
      ],
      ['--deals N', 'duplicate deals to play (default 100; 0 with --matches)'],
      ['--matches M', 'also play M whole duplicate matches (default 0)'],
      SEED,
      ['--timeout MS', 'milliseconds an outside program has per decision (default 5000)'],
    ],
    examples: [
      'npx stich arena --game differenzler --bots search,rule --deals 200 --seed 3',
      "npx stich arena --game klapperjas --bots 'cmd:python3 examples/bots/random_bot.py,search' --deals 100",
    ],
  },
  tournament: {
    usage:
      'stich tournament --format F [--game G] [--preset P] [--players N] [--series R] [--games G] [--level L] [--seed S]',
    options: [
      [
        '--format F',
        'ddv (Doppelkopf, DDV style), differenzler, swiss (Klaberjass, 2-player Klapper-Jas) or duplicate (default ddv); docs/tournaments.md',
      ],
      [
        '--game G',
        'the game, where the format takes more than one (swiss: klaberjass or klapperjas; duplicate: doppelkopf, differenzler or klapperjas)',
      ],
      ['--preset P', 'a rule preset of the game (default: its first; Doppelkopf: ddv or house)'],
      ['--players N', 'computer players in the field (default 16)'],
      [
        '--series R',
        'series (DDV), passes (Differenzler) or rounds (Swiss, duplicate); also --rounds (default: the format’s; Swiss: ceil(log2 N))',
      ],
      [
        '--games G',
        'games per series at a table of four (DDV, default 24), per pass (Differenzler, 4), deals per round (duplicate, 8); also --deals',
      ],
      ['--level L', 'the computer players’ level: random, rule or search (default rule)'],
      ['--seed S', 'seed of the draws, deals and bots (default 1); the same seed plays the same tournament'],
    ],
    examples: [
      'npx stich tournament --format ddv --players 16 --series 2 --games 24 --level rule --seed 1',
      'npx stich tournament --format duplicate --game doppelkopf --players 8',
    ],
  },
  ladder: {
    usage:
      'stich ladder --game G [--players N] [--preset P] [--bots A,B,...] [--rounds R] [--deals D] [--seed S] [--out DIR] [--timeout MS]',
    options: [
      GAME,
      PLAYERS,
      ['--preset P', 'a rule preset of the game (default: its first)'],
      [
        '--bots A,B,...',
        'the players, each a bot level (random, rule, search) or cmd:COMMAND, an outside program (docs/bot-interface.md); default random,rule,search',
      ],
      ['--rounds R', 'rounds; in each, every pair plays --deals duplicate deals (default 10)'],
      ['--deals D', 'duplicate deals per pair and round, each one rated game (default 10)'],
      SEED,
      ['--out DIR', 'also write ladder.json, ladder.md (the table) and ladder.svg (the plot) into DIR'],
      ['--timeout MS', 'milliseconds an outside program has per decision (default 5000)'],
    ],
    examples: [
      'npx stich ladder --game klaberjass --rounds 25 --deals 10 --out ladder',
      "npx stich ladder --game klapperjas --players 2 --bots 'random,rule,cmd:python3 examples/bots/random_bot.py' --rounds 2",
    ],
  },
  connect: {
    usage: 'stich connect --server URL --table ID --token T --bot COMMAND [--timeout MS]',
    options: [
      ['--server URL', 'the server, e.g. http://localhost:3000'],
      ['--table ID', 'the table id'],
      ['--token T', 'the bot token: the seatToken from POST /api/tables/ID/bot-seat (by the table’s host)'],
      ['--bot COMMAND', 'the program, speaking the bot interface (docs/bot-interface.md)'],
      ['--timeout MS', 'milliseconds the program has per decision (default 5000)'],
    ],
    examples: [
      "npx stich connect --server http://localhost:3000 --table AbC123 --token s3cr3t --bot 'python3 examples/bots/random_bot.py'",
    ],
  },
  bench: {
    usage: 'stich bench [--game G] [--seconds S]',
    options: [
      ['--game G', 'only this game (default: every game)'],
      ['--seconds S', 'seconds per measurement (default 3)'],
    ],
    examples: ['npx stich bench --game klaberjass --seconds 1'],
  },
  oracle: {
    usage: 'stich oracle doppelkopf-ddv [FILE|DIR...]',
    options: [
      ['doppelkopf-ddv', 'the oracle: Doppelkopf games of the DDV program doko (packages/cli/test/oracles)'],
      [
        'FILE|DIR',
        'JSON Lines files or folders of them (default: the copied set); exit status 1 on a mismatch',
      ],
    ],
    examples: ['npx stich oracle doppelkopf-ddv packages/cli/test/oracles/doppelkopf-ddv/uct.jsonl'],
  },
  analyze: {
    usage: 'stich analyze RECORD [--deal N]',
    options: [
      ['RECORD', 'a game record (stich-record JSON, e.g. downloaded from a finished table)'],
      ['--deal N', 'only deal N (index into the record’s deals, from 0; default: every deal)'],
    ],
    examples: ['npx stich analyze examples/klaberjass/maker-loses.json --deal 0'],
  },
  examples: {
    usage: 'stich examples doppelkopf [--out DIR] [--only NAME]',
    options: [
      ['doppelkopf', 'the game whose example records are written (one per special rule, by a seeded search)'],
      ['--out DIR', 'where the records go (default examples/doppelkopf)'],
      ['--only NAME', 'write only the record of this name (file name without .json)'],
    ],
    examples: ['npx stich examples doppelkopf --out /tmp/doko-examples'],
  },
};

const HELP_FLAGS = ['--help', '-h'];

/** The overview: every command with its summary. */
function overview(commands: Readonly<Record<string, Command>>): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length)) + 2;
  return [
    'usage: stich <command> [options]',
    '',
    'commands:',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}${c.summary}`),
    '',
    'Each command prints JSON on stdout; `stich <command> --help` shows its options and an example.',
    '',
  ].join('\n');
}

/** One command's help: usage, options, examples. */
function commandHelp(name: string, command: Command): string {
  const h = HELP[name];
  if (!h) return `usage: stich ${command.summary}\n`;
  const width = Math.max(...h.options.map(([o]) => o.length)) + 2;
  return [
    `usage: ${h.usage}`,
    '',
    command.summary.replace(/^.*? — /, ''),
    '',
    'options:',
    ...h.options.map(([o, text]) => `  ${o.padEnd(width)}${text}`),
    '',
    h.examples.length > 1 ? 'examples:' : 'example:',
    ...h.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/**
 * The help text the arguments ask for, or null: `stich --help`, `stich help [COMMAND]`, or a known command
 * with --help/-h among its arguments.
 */
export function helpFor(commands: Readonly<Record<string, Command>>, argv: readonly string[]): string | null {
  const [name, ...args] = argv;
  if (name === undefined) return null;
  if (HELP_FLAGS.includes(name)) return overview(commands);
  if (name === 'help') {
    const c = args[0] ? commands[args[0]] : undefined;
    return c ? commandHelp(args[0], c) : overview(commands);
  }
  const command = commands[name];
  if (command && args.some((a) => HELP_FLAGS.includes(a))) return commandHelp(name, command);
  return null;
}
