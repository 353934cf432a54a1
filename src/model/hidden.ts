/**
 * Characters a reader of a rendered or printed text cannot see, shared by the
 * `security/hidden-unicode` rule (which reports them) and the build (which never
 * writes them raw into generated YAML or JSON).
 */

/** Names of the invisible format characters skillc reports. */
export const HIDDEN_NAMES: Readonly<Record<number, string>> = {
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** The format characters above, plus the tag block U+E0000-U+E007F as UTF-16 surrogate pairs. */
export const HIDDEN_SOURCE = String.raw`[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]`;
/** C0 and C1 control characters other than tab, line feed and carriage return (NUL, ESC, DEL...). */
export const CONTROL_SOURCE = String.raw`[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]`;

const CONTROL_NAMES: Readonly<Record<number, string>> = { 0x00: 'NULL', 0x07: 'BELL', 0x08: 'BACKSPACE', 0x0b: 'LINE TABULATION', 0x0c: 'FORM FEED', 0x1b: 'ESCAPE', 0x7f: 'DELETE' };

/** The character's name, for messages: `RIGHT-TO-LEFT OVERRIDE`, `ESCAPE`, `CONTROL CHARACTER`. */
export function hiddenName(cp: number): string {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'TAG CHARACTER';
  return HIDDEN_NAMES[cp] ?? CONTROL_NAMES[cp] ?? 'CONTROL CHARACTER';
}

/** `U+202E`. */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

const ANY = new RegExp(`(?:${HIDDEN_SOURCE}|${CONTROL_SOURCE})`, 'g');

/** True when `text` holds a hidden or control character. */
export function hasHiddenChars(text: string): boolean {
  ANY.lastIndex = 0;
  return ANY.test(text);
}

/**
 * Writes every hidden or control character of `text` as an escape: `\u202E` for
 * JSON and JavaScript, `\u202E` or `\U000E0041` for a YAML double-quoted scalar.
 * Only valid where `text` is the inside of such a string.
 */
export function escapeHiddenChars(text: string, style: 'json' | 'yaml'): string {
  return text.replace(ANY, (ch) => {
    const cp = ch.codePointAt(0)!;
    if (cp > 0xffff) return style === 'yaml' ? `\\U${cp.toString(16).toUpperCase().padStart(8, '0')}` : ch.split('').map((u) => `\\u${u.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    return `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
