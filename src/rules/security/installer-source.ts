/**
 * Where a download run as code comes from, and whether the skill vouches for it:
 * `security/pipe-to-shell` reports a vendor's own installer shown in Markdown as
 * a warning, anything else as an error, and a reserved example domain not at all.
 */

/** A URL of a download, as much as the rule reads of it. */
export interface InstallerUrl {
  /** `http`, `https`, or '' when written without a scheme (`get.chezmoi.io`). */
  scheme: string;
  /** Lowercased host, without a port. */
  host: string;
  /** Path segments after the host. */
  segments: string[];
}

const URL_TOKEN = /\b(?:https?:\/\/[^\s"'`)|<>\\]+|(?<![\w./-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d+)?(?:\/[^\s"'`)|<>\\]*)?)/gi;
/** Endings of a bare `name.ext` that is a file, not a host (`install.sh`, `setup.ps1`). */
const FILE_ENDING = /\.(?:sh|bash|zsh|ps1|py|rb|pl|js|mjs|ts|php|txt|md|json|ya?ml|toml|exe|msi|tar|gz|tgz|zip|deb|rpm)$/i;

/** Parses one URL-looking token; undefined when it is not a host (a file name, a version number). */
export function parseInstallerUrl(token: string): InstallerUrl | undefined {
  const m = /^(?:(https?):\/\/)?([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(token);
  if (!m) return undefined;
  const host = m[2]!.toLowerCase().replace(/\.$/, '');
  if (!m[1] && (FILE_ENDING.test(host) || /^[\d.]+$/.test(host) && !isIpv4(host))) return undefined;
  if (!/[a-z]/.test(host) && !isIpv4(host)) return undefined;
  return { scheme: (m[1] ?? '').toLowerCase(), host, segments: m[3]!.split('/').filter(Boolean) };
}

/** The URLs in a text, in order (at most `max`). */
export function urlsIn(text: string, max = 50): InstallerUrl[] {
  const out: InstallerUrl[] = [];
  URL_TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (out.length < max && (m = URL_TOKEN.exec(text))) {
    const url = parseInstallerUrl(m[0]);
    if (url) out.push(url);
  }
  return out;
}

const isIpv4 = (host: string): boolean => /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host);
const isIp = (host: string): boolean => isIpv4(host) || host.startsWith('[');

/**
 * Names reserved for examples and tests (RFC 2606, RFC 6761): nothing real is ever served
 * there, so a command on one is a placeholder.
 */
export function isReservedHost(host: string): boolean {
  return /(?:^|\.)example\.(?:com|org|net)$/.test(host) || /\.(?:test|invalid|example)$/.test(host) || /^(?:test|invalid|example)$/.test(host);
}

/** Paste and file-drop sites: anyone can publish there, and what is served changes without a trace. */
const PASTE_SITES = ['pastebin.com', 'paste.ee', 'hastebin.com', 'hastebin.skyra.pw', 'ghostbin.com', 'ghostbin.co', 'dpaste.com', 'dpaste.org', 'rentry.co', 'rentry.org', 'termbin.com', 'ix.io', 'sprunge.us', 'transfer.sh', '0x0.st', 'paste.rs', 'controlc.com', 'justpaste.it', 'gist.githubusercontent.com', 'gist.github.com', 'pastes.dev', 'bpa.st'];

const onHost = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** Why a source stays an error wherever it is shown, or undefined. */
export function riskyReason(url: InstallerUrl): 'http' | 'ip' | 'paste' | undefined {
  if (isIp(url.host)) return 'ip';
  if (PASTE_SITES.some((p) => onHost(url.host, p))) return 'paste';
  if (url.scheme === 'http') return 'http';
  return undefined;
}

/** Second-level labels under which a country's names are registered (`acme.co.uk`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'or', 'ne', 'go']);

/** The registrable domain of a host: `cli.acme.dev` -> `acme.dev`, `get.acme.co.uk` -> `acme.co.uk`. */
export function registrable(host: string): string {
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const take = labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Hosts whose first path segment is an account: a GitHub org, a GitLab group. */
const CODE_HOSTS = new Set(['github.com', 'raw.githubusercontent.com', 'gitlab.com', 'codeberg.org', 'bitbucket.org']);

/** The account a URL belongs to on a code host (`github.com/acme/...`, `acme.github.io`), lowercased. */
export function accountOf(url: InstallerUrl): string | undefined {
  if (CODE_HOSTS.has(url.host)) return url.segments[0]?.toLowerCase();
  const pages = /^([a-z0-9-]+)\.(?:github|gitlab)\.io$/.exec(url.host);
  return pages?.[1];
}

/** Labels that name a role, not a product: a domain label equal to one of these says nothing about who publishes it. */
const GENERIC_LABELS = new Set(['install', 'installer', 'get', 'setup', 'download', 'downloads', 'dl', 'cdn', 'raw', 'static', 'files', 'releases', 'release', 'script', 'scripts', 'sh', 'run', 'app', 'web', 'api', 'www', 'docs', 'code', 'dev', 'tools', 'tool', 'cli', 'skill', 'skills', 'the', 'and', 'for', 'with', 'github', 'gitlab', 'com', 'org', 'net', 'io']);

/** The words a text names products by: lowercased runs of letters and digits, generic ones left out. */
export function productWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) if (w.length >= 2 && !GENERIC_LABELS.has(w)) out.add(w);
  return out;
}

/** What a skill says about the products it covers and who publishes it. */
export interface VendorSignals {
  /** Registrable domains the skill names (in links and URLs, outside the download lines themselves). */
  domains: Set<string>;
  /** Code-host accounts (GitHub orgs) the skill names, outside the download lines. */
  accounts: Set<string>;
  /** Words of the skill's name, description and `metadata.author`. */
  words: Set<string>;
  /** Domains and accounts of URLs among the `metadata` values (`homepage`, `repository`...). */
  homepage: { domains: Set<string>; accounts: Set<string> };
}

export function emptySignals(): VendorSignals {
  return { domains: new Set(), accounts: new Set(), words: new Set(), homepage: { domains: new Set(), accounts: new Set() } };
}

/** Adds the URLs of a text to a set of domains and one of accounts. */
export function addMentions(into: { domains: Set<string>; accounts: Set<string> }, text: string): void {
  for (const url of urlsIn(text, 500)) {
    into.domains.add(registrable(url.host));
    const account = accountOf(url);
    if (account) into.accounts.add(account);
  }
}

/**
 * Why the skill vouches for a download's source, or undefined: the host is on the
 * fixed list (vendor installers and short links), it is the product's or the
 * publisher's own domain or code-host account named elsewhere in the skill (its links,
 * its homepage), the tool's own GitHub releases, or the domain's name is a word of
 * the skill's name, description or author.
 */
export function vouchedBy(url: InstallerUrl, signals: VendorSignals, vendors: readonly string[]): string | undefined {
  const bare = `${url.host}/${url.segments.join('/')}`;
  const listed = vendors.find((v) => {
    const lv = v.toLowerCase();
    return bare === lv || bare.startsWith(`${lv}/`) || onHost(url.host, lv);
  });
  if (listed) return listed;
  const account = accountOf(url);
  if (account) {
    const where = CODE_HOSTS.has(url.host) ? `${url.host}/${url.segments[0]}` : url.host;
    if (signals.homepage.accounts.has(account)) return `${where}, the skill's homepage`;
    if (signals.accounts.has(account)) return `${where}, an account the skill links`;
    // github.com/<org>/<tool>/releases/…: the tool's own releases, when the skill is about that tool.
    const repo = url.segments[1]?.toLowerCase();
    if (url.host === 'github.com' && url.segments[2] === 'releases' && repo && signals.words.has(repo)) return `${where}/${url.segments[1]} releases`;
    if (signals.words.has(account)) return `${where}, named by the skill`;
    return undefined;
  }
  if (CODE_HOSTS.has(url.host)) return undefined;
  const domain = registrable(url.host);
  if (signals.homepage.domains.has(domain)) return `${url.host}, the skill's homepage`;
  if (signals.domains.has(domain)) return `${url.host}, a domain the skill links`;
  const label = domain.split('.')[0]!;
  if (!GENERIC_LABELS.has(label) && signals.words.has(label)) return `${url.host}, the product the skill names`;
  return undefined;
}
