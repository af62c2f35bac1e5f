/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line must be a HELP or
 * TYPE comment or a sample of a declared metric, or it throws. Returns the samples by series
 * (`name{label="value",…}` as written) and the declared types.
 */
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"';
/** Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case — prom-client writes `Nan`). */
const SAMPLE = new RegExp(
  `^(${NAME})(\\{(?:${LABEL})(?:,${LABEL})*,?\\})? (-?[0-9]+(?:\\.[0-9]+)?(?:e[+-]?[0-9]+)?|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])$`,
);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

export type Exposition = { samples: Map<string, number>; types: Map<string, string> };

export const parseExposition = (text: string): Exposition => {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  const familyOf = (name: string) => {
    if (types.has(name) && !SUFFIXES[types.get(name)!]) return name;
    for (const [family, type] of types) if ((SUFFIXES[type] ?? []).some((suffix) => name === `${family}${suffix}`)) return family;
    return undefined;
  };
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const type = TYPE.exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`line ${index + 1}: ${type[1]} declared twice`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (HELP.test(line)) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`line ${index + 1} is not Prometheus text: ${line}`);
    if (!familyOf(sample[1]!)) throw new Error(`line ${index + 1}: ${sample[1]} has no # TYPE`);
    const series = `${sample[1]}${sample[2] ?? ''}`;
    if (samples.has(series)) throw new Error(`line ${index + 1}: ${series} appears twice`);
    samples.set(series, /^[Nn]/.test(sample[3]!) ? NaN : Number(sample[3]!.replace(/inf/i, 'Infinity')));
  }
  return { samples, types };
};
