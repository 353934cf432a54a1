// supermodo's own checks, as a skillc plugin: `"plugins": ["./rules/supermodo.mjs"]`.
// Plain ESM with no imports, so it loads wherever skillc runs; the shapes are skillc's
// SkillRule and CatalogRule (see docs/plugins.md).

/** @typedef {import('skillc').SkillRule<{ term: string, near: string[], within: number }>} AskRule */

/** @type {AskRule} */
const askUserQuestion = {
  scope: 'skill',
  meta: {
    id: 'ask-user-question',
    description: 'Reports a mention of `AskUserQuestion` in the body that is not within 3 lines of the question transport (`transport`, `questions.md` or `perSkill`).',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        term: { type: 'string', minLength: 1 },
        near: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        within: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
    defaultOptions: { term: 'AskUserQuestion', near: ['transport', 'questions.md', 'perSkill'], within: 3 },
  },
  check({ skill, options, report }) {
    const { lines, text } = skill.file;
    // The body only: `allowed-tools` lists the tool in the frontmatter, which is not a mention.
    const first = skill.bodyOffset === 0 ? 1 : lines.pointAt(skill.bodyOffset).line + 1;
    const last = lines.lineCount;
    const hasNear = (line) => options.near.some((n) => lines.lineText(line).includes(n));
    for (let line = first; line <= last; line++) {
      const content = lines.lineText(line);
      const at = content.indexOf(options.term);
      if (at < 0) continue;
      let ok = false;
      for (let l = Math.max(1, line - options.within); l <= Math.min(last, line + options.within) && !ok; l++) ok = hasNear(l);
      if (ok) continue;
      const start = lines.offsetAt(line, at + 1);
      report({
        message: `Unexpected \`${options.term}\` more than ${options.within} lines from ${options.near.map((n) => `\`${n}\``).join(', ')}, expected the question transport named beside it (questions go to chat unless configured)`,
        range: lines.range(start, Math.min(text.length, start + options.term.length)),
      });
    }
  },
};

const hashOf = (s) => {
  // Content identity without crypto imports at load time: a cheap, stable string hash.
  let h = 0x811c9dc5;
  const t = s.replace(/\r\n/g, '\n').trim();
  for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193) >>> 0;
  return `${t.length}:${h}`;
};

/** @type {import('skillc').CatalogRule<{ shared: string, folder: string }>} */
const sharedProtocolCopy = {
  scope: 'catalog',
  meta: {
    id: 'shared-protocol-copy',
    description: 'Reports a file in a skill that copies one of the shared `protocols/references/` files (same name or same content) instead of pointing at it.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { shared: { type: 'string', minLength: 1 }, folder: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { shared: 'protocols', folder: 'references' },
  },
  check({ catalog, options, report }) {
    const owner = catalog.skills.find((s) => s.dirName === options.shared || s.name === options.shared);
    if (!owner) return;
    const prefix = `${options.folder}/`;
    const byName = new Map();
    const byHash = new Map();
    for (const b of owner.bundled) {
      if (b.kind !== 'file' || !b.relPath.startsWith(prefix)) continue;
      const name = b.relPath.slice(b.relPath.lastIndexOf('/') + 1);
      byName.set(name, b.relPath);
      const text = owner.bundle.text(b.relPath);
      if (text) byHash.set(hashOf(text.text), b.relPath);
    }
    for (const skill of catalog.skills) {
      if (skill === owner || skill.dir === owner.dir) continue;
      for (const b of skill.bundled) {
        if (b.kind !== 'file') continue;
        const name = b.relPath.slice(b.relPath.lastIndexOf('/') + 1);
        const text = skill.bundle.text(b.relPath);
        const same = text ? byHash.get(hashOf(text.text)) : undefined;
        const original = same ?? byName.get(name);
        if (!original) continue;
        report(skill, {
          message: `Unexpected local copy \`${b.relPath}\` of the shared \`${options.shared}/${original}\`${same ? ' (same content)' : ' (same name)'}, expected a pointer to \`../${options.shared}/${original}\``,
          file: b.path,
        });
      }
    }
  },
};

export default { prefix: 'supermodo', rules: [askUserQuestion, sharedProtocolCopy] };
