// supermodo's scripts/check.ts skill checks, as a skillc plugin: `"plugins": ["./rules/supermodo.mjs"]`.
// Plain ESM importing only Node built-ins, so it loads wherever skillc runs. Each rule
// follows ../README.md's table, which follows check.ts's behaviour as probed.
import fs from 'node:fs';
import path from 'node:path';

/** The folder the skills live in (check.ts's `skills/`): the parent of the skill folders. */
const skillsDir = (skill) => path.dirname(skill.dir);
const rel = (skill, file) => path.relative(skill.dir, file).split(path.sep).join('/');

/** SKILL.md and the top-level `references/*.md`: the files check.ts scans, with their text. */
function scanned(skill) {
  const files = [{ path: skill.file.path, text: skill.file.text, lines: skill.file.lines }];
  for (const b of skill.bundled) {
    if (b.kind !== 'file' || !/^references\/[^/]+\.md$/.test(b.relPath)) continue;
    const file = skill.bundle.text(b.relPath);
    if (file) files.push({ path: b.path, text: file.text, lines: file.lines });
  }
  return files;
}

/** @type {import('skillc').CatalogRule<{ skills: string[] }>} */
const roster = {
  scope: 'catalog',
  meta: {
    id: 'roster',
    description: "Reports skill folders missing from the roster, folders the roster does not list (dot-folders too), and folders without a SKILL.md, by listing the skills folder itself as check.ts does.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { skills: { type: 'array', items: { type: 'string', pattern: '^[^/\\\\]+$' }, uniqueItems: true } },
      required: ['skills'],
      additionalProperties: false,
    },
    defaultOptions: { skills: [] },
  },
  check({ catalog, options, report }) {
    const wanted = new Set(options.skills);
    // The skills folder: the parent of the linted skills that the roster names (else of the first).
    const anchor = catalog.skills.find((s) => wanted.has(s.dirName)) ?? catalog.skills[0];
    if (!anchor) return;
    const dir = path.dirname(anchor.dir);
    let found;
    try {
      found = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    } catch {
      return;
    }
    const at = (name) => path.join(dir, name, 'SKILL.md');
    for (const name of options.skills) {
      if (!found.includes(name)) report(anchor, { message: `Unexpected missing skill folder \`${name}/\`, expected every skill of the roster`, file: at(name) });
    }
    for (const name of found) {
      if (!wanted.has(name)) report(anchor, { message: `Unexpected skill folder \`${name}/\`, expected only the roster's skills (add it to the roster or move it out)`, file: at(name) });
      if (!fs.existsSync(at(name))) report(anchor, { message: `Unexpected folder \`${name}/\` without a SKILL.md, expected a skill`, file: at(name) });
    }
  },
};

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const frontmatter = {
  scope: 'skill',
  meta: {
    id: 'frontmatter',
    description:
      'Reports a SKILL.md as check.ts reads it: text starting `---\\n` and a `\\n---` after (no CRLF, BOM or blank line first), a `name:` line with `[a-z0-9-]+` (plain or double-quoted) equal to the folder, a `description:` line.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    if (skill.readProblem) return;
    const text = skill.fenceProblem?.kind === 'bom' ? `\uFEFF${skill.file.text}` : skill.file.text;
    const say = (problem, expected) => report({ message: `Unexpected ${problem}, expected ${expected}`, range: skill.file.lines.lineRange(1) });
    const end = text.startsWith('---\n') ? text.indexOf('\n---', 3) : -1;
    if (end < 0) return say('SKILL.md without frontmatter (check.ts: no frontmatter)', 'a first line `---` and LF line endings');
    const fm = text.slice(4, end);
    const name = /^name:\s*"?([a-z0-9-]+)"?\s*$/m.exec(fm);
    if (!name) say('`name` (check.ts: missing/invalid name)', 'a `name:` line of lowercase letters, digits and hyphens, plain or double-quoted');
    else if (name[1] !== skill.dirName) say(`name "${name[1]}" (check.ts: != folder "${skill.dirName}")`, 'the folder name');
    if (!/^description:/m.test(fm)) say('SKILL.md without a `description:` line (check.ts: missing description)', 'a description');
  },
};

/** The protocol masters: `*.md` names in `<skills>/<shared>/references/`, or undefined when that folder is missing. */
function masters(skill, shared) {
  try {
    return new Set(fs.readdirSync(path.join(skillsDir(skill), shared, 'references')).filter((n) => n.endsWith('.md')));
  } catch {
    return undefined;
  }
}

const sharedSchema = { type: 'object', properties: { shared: { type: 'string', minLength: 1 } }, additionalProperties: false };

/** @type {import('skillc').SkillRule<{ shared: string }>} */
const protocolCopy = {
  scope: 'skill',
  meta: {
    id: 'protocol-copy',
    description: "Reports an entry of a skill's `references/` named like a protocol master in `protocols/references/` (by name, whatever its content), as check.ts does.",
    severity: 'error',
    fixable: false,
    schema: sharedSchema,
    defaultOptions: { shared: 'protocols' },
  },
  check({ skill, options, report }) {
    if (skill.dirName === options.shared) return;
    const names = masters(skill, options.shared);
    if (!names) return;
    for (const b of skill.bundled) {
      if (!/^references\/[^/]+$/.test(b.relPath) || !names.has(b.relPath.slice('references/'.length))) continue;
      report({
        message: `Unexpected local copy \`${b.relPath}\` of a protocol master, expected a reference to \`../${options.shared}/references/${b.relPath.slice('references/'.length)}\``,
        file: b.path,
      });
    }
  },
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('skillc').SkillRule<{ shared: string }>} */
const protocolReference = {
  scope: 'skill',
  meta: {
    id: 'protocol-reference',
    description:
      'Reports a `../…/protocols/references/<name>.md` reference in SKILL.md or a top-level `references/*.md` that does not resolve, from that file, to an existing file directly in the protocols skill\'s `references/` (check.ts\'s single-source rule).',
    severity: 'error',
    fixable: false,
    schema: sharedSchema,
    defaultOptions: { shared: 'protocols' },
  },
  check({ skill, options, report }) {
    if (skill.dirName === options.shared) return;
    const home = path.join(skillsDir(skill), options.shared, 'references');
    const reference = new RegExp(`(?:\\.\\./)+${escape(options.shared)}/references/[a-z-]+\\.md`, 'g');
    for (const file of scanned(skill)) {
      for (const m of file.text.matchAll(reference)) {
        const target = path.resolve(path.dirname(file.path), m[0]);
        if (path.dirname(target) === home && fs.existsSync(target)) continue;
        report({
          message: `Unexpected reference "${m[0]}" that does not resolve to a protocol master, expected \`${path.relative(path.dirname(file.path), home).split(path.sep).join('/')}/${path.basename(m[0])}\` to exist`,
          range: file.lines.range(m.index, m.index + m[0].length),
          file: file.path,
        });
      }
    }
  },
};

const EXEMPT_LINE = ["don't call", 'do not call', 'rather than', 'instead of', '→ ask in chat', '"use AskUserQuestion" ='];
const GATE = ['transport', 'questions.md', 'perSkill'];

/** @type {import('skillc').SkillRule<Record<string, never>>} */
const askUserQuestion = {
  scope: 'skill',
  meta: {
    id: 'ask-user-question',
    description:
      "Reports `AskUserQuestion` (case-sensitive) in SKILL.md or a top-level `references/*.md` unless in the frontmatter, on a line saying `don't call`, `do not call`, `rather than`, `instead of`, `→ ask in chat` or `\"use AskUserQuestion\" =`, or within 3 lines of `transport`, `questions.md` or `perSkill`: check.ts's exemptions, case-sensitive.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  check({ skill, report }) {
    for (const file of scanned(skill)) {
      const text = file.path === skill.file.path && skill.fenceProblem?.kind === 'bom' ? `\uFEFF${file.text}` : file.text;
      const lines = text.split('\n');
      // check.ts: the first line exactly `---`, searched from line 2 when line 1 is `---`.
      const end = lines.indexOf('---', lines[0] === '---' ? 1 : 0);
      let offset = 0;
      for (let i = 0; i < lines.length; offset += lines[i].length + 1, i++) {
        const line = lines[i];
        const at = line.indexOf('AskUserQuestion');
        if (at < 0) continue;
        if (end > 0 && i <= end) continue;
        if (EXEMPT_LINE.some((p) => line.includes(p))) continue;
        const window = lines.slice(Math.max(0, i - 3), i + 4);
        if (window.some((l) => GATE.some((g) => l.includes(g)))) continue;
        const start = offset + at - (text.length - file.text.length);
        report({
          message: 'Unexpected `AskUserQuestion` not gated on the question transport, expected `transport`, `questions.md` or `perSkill` within 3 lines (questions go to chat unless configured)',
          range: file.lines.range(start, start + 'AskUserQuestion'.length),
          file: file.path,
        });
      }
    }
  },
};

// Checks a later check.ts adds (after v0.6.0): off in `skillc:supermodo`, on in the versioned
// preset that matches the check.ts which has them.

/**
 * The description as the later check.ts measures it: captured from `description:` (an optional
 * `>` and blanks skipped) lazily up to the next `\n<key>:` or the end of the line (its `$` is
 * multiline, so a folded block measures its first line only, a `|` block as `|`), whitespace
 * collapsed, trimmed, one leading and one trailing quote dropped; JavaScript string length.
 */
function checkTsDescription(fm) {
  const m = /^description:\s*>?\s*([\s\S]*?)(?=\n[a-z-]+:\s|\n*$)/m.exec(fm);
  return (m?.[1] ?? '').replace(/\s+/g, ' ').trim().replace(/^["']|["']$/g, '');
}

/** @type {import('skillc').SkillRule<{ descriptionMax: number, maxLines: number }>} */
const skillLimits = {
  scope: 'skill',
  meta: {
    id: 'skill-limits',
    description:
      "Reports a description over `descriptionMax` characters (as the later check.ts captures it: the first line of a folded block only) and a SKILL.md over `maxLines` lines (its `\n` count plus one), as failures.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { descriptionMax: { type: 'integer', minimum: 1 }, maxLines: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { descriptionMax: 1024, maxLines: 500 },
  },
  check({ skill, options, report }) {
    if (skill.readProblem) return;
    const text = skill.file.text;
    const end = text.startsWith('---\n') ? text.indexOf('\n---', 3) : -1;
    if (end >= 0) {
      const desc = checkTsDescription(text.slice(4, end));
      if (desc.length > options.descriptionMax) {
        const field = skill.frontmatter?.fields.find((f) => f.key === 'description');
        report({ message: `Unexpected description of ${desc.length} characters (check.ts: spec max ${options.descriptionMax}), expected at most ${options.descriptionMax}: cut the workflow summary, keep the triggers`, range: field?.keyRange ?? skill.file.lines.lineRange(1) });
      }
    }
    const lines = text.split('\n').length;
    if (lines > options.maxLines) {
      report({ message: `Unexpected ${lines} lines in SKILL.md (check.ts: >${options.maxLines}), expected at most ${options.maxLines}: move detail into references/ and point at it`, range: skill.file.lines.lineRange(options.maxLines + 1) });
    }
  },
};

/** @type {import('skillc').SkillRule<{ text: string, skills: string[] }>} */
const requiredText = {
  scope: 'skill',
  meta: {
    id: 'required-text',
    description:
      "Reports a SKILL.md of one of `skills` that does not contain `text` (the later check.ts requires \"Docs names come from config\" of the six skills that build docs paths).",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 }, skills: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      additionalProperties: false,
    },
    defaultOptions: { text: 'Docs names come from config', skills: ['librarian', 'hunt', 'flow', 'next', 'work', 'tests'] },
  },
  check({ skill, options, report }) {
    if (skill.readProblem || !options.skills.includes(skill.dirName)) return;
    if (!skill.file.text.includes(options.text)) {
      report({ message: `Unexpected SKILL.md without "${options.text}", expected it in every skill that builds docs paths (it writes to the default names in a project that renamed them)`, range: skill.file.lines.lineRange(1) });
    }
  },
};

/** @type {import('skillc').SkillRule<{ shared: string, exempt: string[] }>} */
const rulesMaster = {
  scope: 'skill',
  meta: {
    id: 'rules-master',
    description:
      "Reports a skill whose SKILL.md has no `(../)+protocols/references/rules.md` reference resolving to the rules master, and a missing master (the later check.ts: every skill reads project rules but the exempt ones).",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { shared: { type: 'string', minLength: 1 }, exempt: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      additionalProperties: false,
    },
    defaultOptions: { shared: 'protocols', exempt: ['protocols', 'reports'] },
  },
  check({ skill, options, report }) {
    if (skill.readProblem || options.exempt.includes(skill.dirName)) return;
    const master = path.join(skillsDir(skill), options.shared, 'references', 'rules.md');
    const at = skill.file.lines.lineRange(1);
    if (!fs.existsSync(master)) return report({ message: `Unexpected missing ${options.shared}/references/rules.md, expected the rules contract's master`, range: at });
    const m = new RegExp(`(?:\\.\\./)+${escape(options.shared)}/references/rules\\.md`).exec(skill.file.text);
    if (!m || path.resolve(skill.dir, m[0]) !== master) {
      report({ message: `Unexpected SKILL.md with no reference resolving to ${options.shared}/references/rules.md, expected one: every skill reads project rules (exempt a skill in the rule's \`exempt\` with a reason)`, range: at });
    }
  },
};

export default { prefix: 'supermodo', rules: [roster, frontmatter, protocolCopy, protocolReference, askUserQuestion, skillLimits, requiredText, rulesMaster] };
