import { type CompilerOptions, Project } from 'ts-morph';

/**
 * Type-checks catalog.ts's text alone, in memory (ts-morph's in-memory file system
 * serves TypeScript's lib files). Kept apart from catalog-ts.ts so that ts-morph
 * loads only when a check runs.
 */
export function compilerErrors(text: string, compilerOptions: CompilerOptions): string[] {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions });
  project.createSourceFile('catalog.ts', text);
  return project.getPreEmitDiagnostics().map((d) => {
    const message = d.getMessageText();
    return `catalog.ts:${d.getLineNumber() ?? 0}: ${typeof message === 'string' ? message : message.getMessageText()}`;
  });
}
