// What `skillc explain` needs of a rule page, with no imports: explain must not load the
// lint engine or the rules (test/perf/startup.test.ts checks what it loads).

/** A rule page without its example headers, for reading in a terminal (`skillc explain`). */
export function stripExampleHeaders(markdown: string): string {
  return markdown.replace(/^<!--\s*skillc-example(?:-file:|\s|-->)[\s\S]*?-->[ \t]*\r?\n/gm, '');
}
