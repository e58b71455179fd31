// A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
// must be a HELP or TYPE comment, a sample of a declared family, or empty; anything else throws.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|NaN|[+-]Inf)$/i;

function family(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count|created)$/, "");
  return ["histogram", "summary"].includes(types.get(base) ?? "") ? base : undefined;
}

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line === "" || HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      if (types.has(type[1])) fail("family declared twice");
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith("#")) fail("unknown comment");
    const sample = SAMPLE.exec(line);
    if (!sample) fail("not a sample");
    const [, name, labelText = "", valueText] = sample as RegExpExecArray;
    if (!family(name, types)) fail("sample of an undeclared family");
    if (!VALUE.test(valueText)) fail("not a number");
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) fail("malformed labels");
      const [, key, raw] = label as RegExpExecArray;
      labels[key] = raw.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    }
    samples.push({ name, labels, value: Number(valueText.replace(/Inf$/i, "Infinity")) });
  }
  return { types, samples };
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = exposition.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
