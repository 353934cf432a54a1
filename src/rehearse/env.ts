/**
 * Environment variables a case may not set (case.yaml `env`, a trace
 * command's `env`). The case's environment is applied only inside the
 * sandbox, never to the launcher; these are refused besides, because they
 * make a loader or a runtime run code that is not the command (a preload
 * library, a startup file) or would displace skillc's own capture preload
 * and control variables.
 */
const PREFIXES = ['LD_', 'DYLD_', 'SKILLC_'];
const NAMES = new Set([
  'NODE_OPTIONS',
  'BASH_ENV',
  'ENV',
  'GLIBC_TUNABLES',
  'GCONV_PATH',
  'PERL5OPT',
  'RUBYOPT',
  'PYTHONSTARTUP',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
]);

export function isInjectionVariable(name: string): boolean {
  return NAMES.has(name) || PREFIXES.some((p) => name.startsWith(p));
}

/** Why `env` is refused (`sets LD_PRELOAD, ...`), or undefined when it is fine. */
export function refusedEnv(env: Record<string, unknown> | undefined): string | undefined {
  if (!env) return undefined;
  const bad = Object.keys(env).filter(isInjectionVariable);
  if (!bad.length) return undefined;
  return `sets ${bad.map((b) => `\`${b}\``).join(', ')}: loader and runtime injection variables (LD_*, DYLD_*, NODE_OPTIONS, BASH_ENV, ENV, GLIBC_TUNABLES, GCONV_PATH, PERL5OPT, RUBYOPT, PYTHONSTARTUP, JAVA_TOOL_OPTIONS, SKILLC_*) are refused`;
}
