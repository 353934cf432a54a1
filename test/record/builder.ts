/**
 * Builds Claude Code transcripts (the 2.x shape of the real sessions in test/fixtures/record)
 * for tests that need a session with a given content: each record chained to the one before,
 * tool results carrying `toolUseResult` as Claude Code writes it.
 */
export class Transcript {
  readonly records: Record<string, unknown>[] = [];
  private prev: string | null = null;
  private n = 0;

  constructor(
    readonly cwd = '/home/alice/work/app',
    readonly version = '2.1.39',
    readonly sessionId = '5e55a0e1-0000-4000-8000-00000000beef',
  ) {}

  /** A record of `type` chained to the last one (or to `parent`). */
  add(type: string, extra: Record<string, unknown>, parent: string | null = this.prev): string {
    const uuid = `00000000-0000-4000-8000-${String(++this.n).padStart(12, '0')}`;
    this.records.push({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: this.cwd, sessionId: this.sessionId, version: this.version, type, uuid, timestamp: new Date(Date.UTC(2026, 1, 20, 10, 0, this.n)).toISOString(), ...extra });
    this.prev = uuid;
    return uuid;
  }

  prompt(text: string, parent?: string | null): string {
    return this.add('user', { message: { role: 'user', content: text } }, parent === undefined ? this.prev : parent);
  }

  /** An assistant record with one tool_use block (as Claude Code splits an API message: one block a record). */
  call(id: string, name: string, input: Record<string, unknown>, messageId = `msg_${id}`): string {
    return this.add('assistant', { message: { model: 'claude-opus-4-6', id: messageId, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id, name, input }], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } });
  }

  result(id: string, content: unknown, toolUseResult: unknown, options: { isError?: boolean; parent?: string } = {}): string {
    return this.add('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, is_error: options.isError ?? false }] }, toolUseResult }, options.parent ?? this.prev);
  }

  bash(id: string, command: string, stdout: string, options: { stderr?: string; exitCode?: number } = {}): void {
    this.call(id, 'Bash', { command, description: 'run' });
    if (options.exitCode) this.result(id, `Exit code ${options.exitCode}\n${options.stderr ?? stdout}`, `Error: Exit code ${options.exitCode}\n${options.stderr ?? stdout}`, { isError: true });
    else this.result(id, stdout, { stdout, stderr: options.stderr ?? '', interrupted: false, isImage: false });
  }

  /** The Skill tool call and the isMeta record that carries the skill's text. */
  skill(id: string, name: string, baseDir: string): void {
    this.call(id, 'Skill', { skill: name });
    this.result(id, `Launching skill: ${name}`, { success: true, commandName: name });
    this.add('user', { isMeta: true, sourceToolUseID: id, message: { role: 'user', content: [{ type: 'text', text: `Base directory for this skill: ${baseDir}\n\n# ${name}\n` }] } });
  }

  read(id: string, file: string, content: string): void {
    this.call(id, 'Read', { file_path: file });
    const lines = content.split('\n').length;
    this.result(id, content, { type: 'text', file: { filePath: file, content, numLines: lines, startLine: 1, totalLines: lines } });
  }

  write(id: string, file: string, content: string): void {
    this.call(id, 'Write', { file_path: file, content });
    this.result(id, `File created successfully at: ${file}`, { type: 'create', filePath: file, content, structuredPatch: [], originalFile: null });
  }

  text(): string {
    return `${this.records.map((r) => JSON.stringify(r)).join('\n')}\n`;
  }
}
