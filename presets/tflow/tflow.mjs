// tflow's validate.sh checks that skillc has no built-in rule (or option) for, as a
// skillc plugin: `"plugins": ["./rules/tflow.mjs"]`. Plain ESM, no imports, so it
// loads from the installed CLI as it is. Each rule follows ../README.md's table,
// which follows validate.sh's behaviour as probed (messages quote validate.sh's own).

/** Top-level keys validate.sh accepts. */
const ALLOWED = new Set(['name', 'description', 'license', 'compatibility', 'metadata']);

/** Why a scalar value is outside the subset (validate.sh's wording), or undefined. */
function scalarProblem(name, raw) {
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  if (value === '') return `${name} must be a non-empty string`;
  const quote = value[0];
  if (quote === '"' || quote === "'") {
    if (value.length < 2 || value[value.length - 1] !== quote) return `${name}: unterminated quoted string`;
    const inside = value.slice(1, -1);
    if (inside.includes(quote) || inside.includes('\\')) return `${name}: unsupported quoted-string escaping`;
    return undefined;
  }
  if (value.includes(': ') || /\s#/.test(value)) return `${name}: unsupported unquoted YAML syntax`;
  if (/^[[{&*!|>@`]/.test(value)) return `${name}: unsupported YAML construct`;
  if (/^(?:true|false|null|~)$/i.test(value) || /^[-+]?[0-9]+(?:\.[0-9]+)?$/.test(value)) return `${name} must be a string`;
  return undefined;
}

/**
 * validate.sh's frontmatter reader, line by line: the first problem and its line
 * (1-based), or undefined. A `skillc:` block (skillc's compile-time source block,
 * which the build strips) is skipped with its indented lines.
 */
export function subsetProblem(text) {
  const records = text.split('\n');
  if (text.endsWith('\n')) records.pop();
  if (records.length === 0) return { line: 1, problem: 'frontmatter closing delimiter is missing' };
  if (records[0] !== '---') return { line: 1, problem: 'frontmatter must start with --- on line 1' };
  const seen = new Set();
  const metadata = new Set();
  let last;
  let closed = false;
  let i = 1;
  for (; i < records.length; i++) {
    const line = records[i];
    if (line === '---') {
      closed = true;
      break;
    }
    if (line === '') continue;
    const at = (problem) => ({ line: i + 1, problem });
    if (/^[ \t]/.test(line)) {
      if (last === 'skillc') continue;
      const m = /^ {2}([A-Za-z0-9_.-]+):(.*)$/.exec(line);
      if (last !== 'metadata' || !m) return at('invalid frontmatter indentation or mapping');
      if (metadata.has(m[1])) return at(`duplicate metadata field: ${m[1]}`);
      metadata.add(m[1]);
      const problem = scalarProblem(`metadata.${m[1]}`, m[2]);
      if (problem) return at(problem);
      continue;
    }
    const m = /^([a-z][a-z0-9-]*):(.*)$/.exec(line);
    if (!m) return at('invalid top-level frontmatter syntax');
    const [, key, value] = m;
    if (key === 'skillc' && !seen.has(key)) {
      seen.add(key);
      last = key;
      continue;
    }
    if (!ALLOWED.has(key)) return at(`unknown top-level field: ${key}`);
    if (seen.has(key)) return at(`duplicate top-level field: ${key}`);
    seen.add(key);
    last = key;
    if (key === 'metadata') {
      if (value.replace(/[ \t]+/g, '') !== '') return at('metadata must be an indented mapping');
      continue;
    }
    const problem = scalarProblem(key, value);
    if (problem) return at(problem);
  }
  if (!closed) return { line: records.length, problem: 'frontmatter closing delimiter is missing' };
  if (!seen.has('name')) return { line: 1, problem: 'name is required' };
  if (!seen.has('description')) return { line: 1, problem: 'description is required' };
  return undefined;
}

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const frontmatterSubset = {
  scope: 'skill',
  meta: {
    id: 'frontmatter-subset',
    description:
      "Reports frontmatter outside tflow's subset, as validate.sh reads it: `---` on line 1 (no BOM, no CR), keys name, description, license, compatibility and a two-space `metadata` map, each once, one-line string values without escapes or YAML syntax; the first problem only.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    if (skill.readProblem) return;
    const { text, lines } = skill.file;
    // skillc drops a byte-order mark when it reads the file; validate.sh sees it on line 1.
    const found = skill.fenceProblem?.kind === 'bom' ? { line: 1, problem: 'frontmatter must start with --- on line 1' } : subsetProblem(text);
    if (!found) return;
    report({
      message: `Unexpected frontmatter (${found.problem}), expected tflow's frontmatter subset: \`key: value\` lines with one-line strings, plain or simply quoted`,
      range: lines.lineRange(Math.min(found.line, lines.lineCount)),
    });
  },
};

/** validate.sh's workflow verbs: these forms (and bare stems), case-insensitive, between non-letters. */
const VERBS = new RegExp(
  `(?<![A-Za-z])(?:${[
    'dispatch(?:es|ing)?',
    'run(?:s|ning)?',
    'execut(?:e|es|ing)?',
    'creat(?:e|es|ing)?',
    'generat(?:e|es|ing)?',
    'build(?:s|ing)?',
    'process(?:es|ing)?',
    'scaffold(?:s|ing)?',
    'lint(?:s|ing)?',
    'loop(?:s|ing)?',
    'packag(?:e|es|ing)?',
    'install(?:s|ing)?',
    'call(?:s|ing)?',
    'invok(?:e|es|ing)?',
    'produc(?:e|es|ing)?',
    'output(?:s|ting|ing)?',
    'emit(?:s|ting)?',
    'format(?:s|ting|ing)?',
    'validat(?:e|es|ing)?',
    'deploy(?:s|ing)?',
  ].join('|')})(?![A-Za-z])`,
  'gi',
);

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const descriptionVerbs = {
  scope: 'skill',
  meta: {
    id: 'description-verbs',
    description:
      "Reports workflow verbs in the description as validate.sh's desc-workflow-verb matches them: listed forms between non-letters (`re-run`, `run2`, `_run_` match; `XRun`, `created`, `execution` do not).",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    const field = skill.frontmatter?.fields.find((f) => f.key === 'description');
    if (!field || typeof skill.description !== 'string') return;
    const found = [...skill.description.matchAll(VERBS)].map((m) => m[0]);
    if (!found.length) return;
    report({
      message: `Unexpected workflow verb${found.length > 1 ? 's' : ''} ${found.map((w) => `"${w}"`).join(', ')} in the description, expected when to use the skill, not what it does`,
      range: field.valueRange,
    });
  },
};

export default { prefix: 'tflow', rules: [frontmatterSubset, descriptionVerbs] };
