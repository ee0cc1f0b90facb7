/**
 * One declarative option schema per game: every option's kind, values and texts, the presets with their
 * values, and the options that depend on each other. The game's `parseConfig` and the `presets` and
 * `options` of its `GameMeta` are both derived from it, so the two cannot drift apart.
 */
import { type OptionMeta, type OptionValue, type Pair, type PresetMeta, texts, YES_NO } from './meta.ts';
import { err, isObject, ok, type Result } from './result.ts';

interface Described {
  readonly name: Pair;
  /** One line: what the option (or preset) decides. */
  readonly description: Pair;
}

/**
 * How an option of value type `V` is described: a boolean is offered as yes / no; a string as one of its
 * values, each with a label (the type asks for every value's label); a number as a whole number in bounds.
 */
export type OptionSpec<V> = Described &
  ([V] extends [boolean]
    ? { readonly kind: 'boolean' }
    : [V] extends [number]
      ? { readonly kind: 'integer'; readonly min: number; readonly max: number }
      : {
          readonly kind: 'choice';
          readonly values: readonly V[];
          readonly labels: Readonly<Record<V & string, Pair>>;
        });

type AnySpec = Described &
  (
    | { readonly kind: 'boolean' }
    | { readonly kind: 'integer'; readonly min: number; readonly max: number }
    | { readonly kind: 'choice'; readonly values: readonly unknown[]; readonly labels: Record<string, Pair> }
  );

/**
 * An option that means something only together with another option's value. An option set explicitly wins
 * over a preset's value: the preset's value it contradicts follows it (`needs` is set, or the preset's own
 * `option` falls back to `neutral`). Two explicit options that contradict each other are refused.
 */
export interface Dependency<O> {
  readonly option: keyof O & string;
  /** The option's values that need `needs`. */
  readonly active: (v: unknown) => boolean;
  /** The value that leaves the rule inactive. */
  readonly neutral: OptionValue;
  readonly needs: keyof O & string;
  readonly value: OptionValue;
  readonly why: string;
}

/**
 * Where a game's parser has always read `null` (or, for the whole config, a missing one) as "not given".
 * Clients send JSON, so this is kept for the input they may already send; a new game leaves it out.
 */
export interface Lenient {
  /** A null or missing config is `{}`. */
  readonly config?: boolean;
  /** `preset: null` is the default preset. */
  readonly preset?: boolean;
  /** `options: null` is `{}`. */
  readonly options?: boolean;
  /** An option whose value is null is not set. */
  readonly values?: boolean;
}

/** Option values by key (an interface of the game's options fits it). */
export type OptionValues<O> = { readonly [K in keyof O]: OptionValue };

export interface OptionSchema<N extends number, P extends string, O extends OptionValues<O>> {
  /** The game's name in error reasons. */
  readonly game: string;
  /** The player counts, the usual one first. */
  readonly players: readonly N[];
  /** When `players` may be left out, the count it means. */
  readonly defaultPlayers?: N;
  /** Every preset with the value of every option; the first preset is the default. */
  readonly presets: Readonly<Record<P, Described & { readonly options: O }>>;
  /** Every option, in the order clients list them. */
  readonly options: { readonly [K in keyof O]: OptionSpec<O[K]> };
  readonly dependencies?: readonly Dependency<O>[];
  readonly lenient?: Lenient;
}

export interface Config<N extends number, P extends string, O> {
  readonly players: N;
  readonly preset: P;
  readonly options: O;
}

type AnySchema = OptionSchema<number, string, Record<string, OptionValue>>;

const presetIds = <P extends string>(s: { readonly presets: Readonly<Record<P, unknown>> }): P[] =>
  Object.keys(s.presets) as P[];

/** Why `v` is not a value of the option, or undefined. */
function check(spec: AnySpec, v: unknown): string | undefined {
  switch (spec.kind) {
    case 'boolean':
      return typeof v === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v) && v >= spec.min && v <= spec.max
        ? undefined
        : `must be an integer from ${spec.min} to ${spec.max}`;
    case 'choice':
      return spec.values.includes(v)
        ? undefined
        : `must be one of ${spec.values.map((c) => JSON.stringify(c)).join(', ')}`;
  }
}

/**
 * Settles the dependencies on the preset's options with the explicit ones applied, or gives the reason two
 * explicit options contradict each other. Each settling step sets an option that was not explicit, so the
 * loop ends.
 */
function settle(
  deps: readonly Dependency<Record<string, OptionValue>>[],
  options: Record<string, unknown>,
  explicit: ReadonlySet<string>,
): string | undefined {
  // Options set here for an explicit one, by the option that needed them.
  const setFor = new Map<string, string>();
  const show = (k: string) => `${k} ${JSON.stringify(options[k])}`;
  for (let changed = true; changed; ) {
    changed = false;
    for (const dep of deps) {
      if (!dep.active(options[dep.option]) || options[dep.needs] === dep.value) continue;
      if (!explicit.has(dep.option)) options[dep.option] = dep.neutral;
      else if (explicit.has(dep.needs))
        return `option ${show(dep.option)} contradicts ${show(dep.needs)}: ${dep.why}`;
      else if (setFor.has(dep.needs))
        return `option ${show(dep.option)} contradicts option ${show(setFor.get(dep.needs) as string)}: ${dep.why}`;
      else {
        options[dep.needs] = dep.value;
        setFor.set(dep.needs, dep.option);
      }
      changed = true;
    }
  }
  return undefined;
}

const FIELDS = ['players', 'preset', 'options'];

/**
 * Reads `{ players, preset?, options? }`: the preset's values (the first preset if none is named) with the
 * given options applied and the dependencies settled.
 */
export function parseWith<N extends number, P extends string, O extends OptionValues<O>>(
  schema: OptionSchema<N, P, O>,
  input: unknown,
): Result<Config<N, P, O>> {
  const s = schema as unknown as AnySchema;
  const lenient = s.lenient ?? {};
  if (lenient.config && input == null) input = {};
  if (!isObject(input)) return err('bad-config', 'config must be an object { players, preset?, options? }');
  for (const k of Object.keys(input)) if (!FIELDS.includes(k)) return err('bad-config', `unknown field ${k}`);
  const players = input.players === undefined ? s.defaultPlayers : input.players;
  if (!(s.players as readonly unknown[]).includes(players)) {
    const counts =
      s.players.length === 1
        ? `exactly ${s.players[0]}`
        : `${s.players.slice(0, -1).join(', ')} or ${s.players.at(-1)}`;
    return err('bad-config', `${s.game} is played by ${counts} players`);
  }
  const ids = presetIds(s);
  const preset =
    input.preset === undefined || (lenient.preset && input.preset === null) ? ids[0] : input.preset;
  if (typeof preset !== 'string' || !Object.hasOwn(s.presets, preset))
    return err('bad-config', `preset must be one of ${ids.join(', ')}`);
  const raw = input.options === undefined || (lenient.options && input.options === null) ? {} : input.options;
  if (!isObject(raw)) return err('bad-config', 'options must be an object');
  const options: Record<string, unknown> = { ...s.presets[preset].options };
  const explicit = new Set<string>();
  for (const [k, v] of Object.entries(raw)) {
    if (!Object.hasOwn(s.options, k))
      return err('bad-config', `unknown option ${k} (known: ${Object.keys(s.options).join(', ')})`);
    if (lenient.values && v == null) continue;
    const why = check(s.options[k] as AnySpec, v);
    if (why) return err('bad-config', `option ${k} ${why}`);
    options[k] = v;
    explicit.add(k);
  }
  const why = settle(s.dependencies ?? [], options, explicit);
  if (why) return err('bad-config', why);
  return ok({ players: players as N, preset: preset as P, options: options as O });
}

/** The presets of a `GameMeta`, in the schema's order. */
export function presetsMeta<N extends number, P extends string, O extends OptionValues<O>>(
  schema: OptionSchema<N, P, O>,
): PresetMeta[] {
  return presetIds(schema).map((id) => {
    const p = schema.presets[id];
    return {
      id,
      name: texts(p.name),
      description: texts(p.description),
      options: { ...p.options } as Record<string, OptionValue>,
    };
  });
}

/** The options of a `GameMeta`, in the schema's order. */
export function optionsMeta<N extends number, P extends string, O extends OptionValues<O>>(
  schema: OptionSchema<N, P, O>,
): OptionMeta[] {
  return Object.entries<unknown>(schema.options).map(([key, o]): OptionMeta => {
    const spec = o as AnySpec;
    const name = texts(spec.name);
    const description = texts(spec.description);
    if (spec.kind === 'integer')
      return { key, kind: 'integer', name, description, min: spec.min, max: spec.max };
    const [values, labels] =
      spec.kind === 'boolean'
        ? [[true, false], YES_NO]
        : [spec.values as readonly (string | boolean)[], spec.labels];
    return {
      key,
      kind: 'choice',
      name,
      description,
      values: values.map((v) => {
        const l = labels[String(v)];
        if (!l) throw new Error(`option ${key}: no label for value ${String(v)}`);
        return { value: v, label: texts(l) };
      }),
    };
  });
}
