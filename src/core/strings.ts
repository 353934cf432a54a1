/*
 * String trimming in one pass. An unanchored `/[.:]+$/` is tried at every offset of a run of
 * those characters that is not at the end (`....a`), each try walking the rest of the run: a
 * 100 KB run took 13 s. These walk from the end once (issue #24).
 */

/** `s` without the characters of `chars` at its end (as `s.replace(/[<chars>]+$/, '')`). */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the characters of `chars` at its start (as `s.replace(/^[<chars>]+/, '')`). */
export function trimStartOf(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start]!)) start++;
  return start === 0 ? s : s.slice(start);
}

/** `s` up to its first character of `chars` (as `s.replace(/[<chars>].*$/s, '')`). */
export function beforeFirstOf(s: string, chars: string): string {
  for (let i = 0; i < s.length; i++) if (chars.includes(s[i]!)) return s.slice(0, i);
  return s;
}
