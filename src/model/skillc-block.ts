/**
 * The compile-time keys of a source skill's `skillc:` block (besides one mapping per host id):
 * the one list that the `source/skillc-block` rule checks, the editor schema
 * (schema/frontmatter.schema.json) offers, and docs/source-format.md documents.
 */
export const SKILLC_BLOCK_KEYS = {
  invocation: { value: '`auto` (default) or `manual`', description: "auto (default) or manual: only the user invokes the skill; each host's own switch is emitted." },
  targets: { value: 'a list of host ids', description: "Hosts to build the skill for (default: the config's hosts)." },
  kind: { value: 'the name of a kind', description: 'Names a section schema in the config (`kinds`).' },
  requires: { value: 'a list of skill names', description: 'Sibling skills this one calls, by name.' },
  artifacts: { value: 'file name -> `{ sections, ordered, contract }`', description: 'Files the workflow must leave, with their required ## sections, or a shared contract.' },
  effects: { value: 'a list of `area.verb`', description: 'Side effects the workflow may take (email.send, http.post, ...); rehearsal captures them.' },
} as const;

export type SkillcBlockKey = keyof typeof SKILLC_BLOCK_KEYS;
