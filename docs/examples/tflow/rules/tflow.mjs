// tflow's validate.sh checks that skillc has no built-in rule for, as a skillc plugin:
// `"plugins": ["./rules/tflow.mjs"]`. Plain ESM, no imports.

const KEY = /^([A-Za-z0-9][A-Za-z0-9_-]*):(?:[ \t]+(.*))?$/;
const NESTED = /^  ([A-Za-z0-9][A-Za-z0-9_.-]*):(?:[ \t]+(.*))?$/;

/** Why a one-line scalar value is outside the subset, or undefined. */
function scalarProblem(value) {
  if (/^[|>]/.test(value)) return 'a block scalar';
  if (/^[[{]/.test(value)) return 'an inline collection';
  if (/^[&*]/.test(value)) return 'an anchor or alias';
  if (/^!/.test(value)) return 'a tag';
  if (value.startsWith('"')) return /^"(?:[^"\\]|\\.)*"$/.test(value) ? undefined : /^"(?:[^"\\]|\\.)*"\s+#/.test(value) ? 'a comment' : 'a multiline value';
  if (value.startsWith("'")) return /^'(?:[^']|'')*'$/.test(value) ? undefined : /^'(?:[^']|'')*'\s+#/.test(value) ? 'a comment' : 'a multiline value';
  if (/\s#/.test(value)) return 'a comment';
  return undefined;
}

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const frontmatterSubset = {
  scope: 'skill',
  meta: {
    id: 'frontmatter-subset',
    description: "Reports frontmatter outside tflow's single-line YAML subset: block scalars, aliases, tags, comments, inline collections, multiline values, mapping-valued `compatibility`, non-string `metadata`.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    const fm = skill.frontmatter;
    if (!fm) return;
    const { lines } = skill.file;
    const raw = fm.raw.split('\n');
    let offset = fm.rawOffset;
    let parent;
    for (const line of raw.map((l) => l.replace(/\r$/, ''))) {
      const start = offset;
      offset += line.length + 1;
      const flag = (what, expected) =>
        report({ message: `Unexpected ${what} in the frontmatter, expected ${expected ?? "tflow's single-line subset: `key: value`, plain or simply quoted, and a two-space `metadata` map of strings"}`, range: lines.range(start, start + line.length) });
      if (line.trim() === '') continue;
      if (/^\s*#/.test(line)) {
        flag('a comment');
        continue;
      }
      const top = KEY.exec(line);
      if (top) {
        const [, key, value = ''] = top;
        parent = undefined;
        if (value === '') {
          if (key === 'metadata') parent = key;
          else if (key === 'compatibility') flag('a mapping-valued `compatibility`', 'a one-line string');
          else flag(`an empty or nested value for \`${key}\``);
          continue;
        }
        const problem = scalarProblem(value);
        if (problem) flag(problem);
        continue;
      }
      const nested = NESTED.exec(line);
      if (nested && parent === 'metadata') {
        const [, key, value = ''] = nested;
        const problem = value === '' ? 'a nested mapping' : scalarProblem(value);
        if (problem) flag(`${problem} in \`metadata.${key}\``);
        else if (!/^["']/.test(value) && /^(?:true|false|yes|no|on|off|null|~|[-+]?\d[\d_.eE+-]*)$/i.test(value)) flag(`a non-string \`metadata.${key}\``, 'a quoted string, e.g. `key: "1"`');
        continue;
      }
      flag('a multiline value');
    }
  },
};

export default { prefix: 'tflow', rules: [frontmatterSubset] };
