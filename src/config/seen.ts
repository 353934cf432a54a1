/**
 * Told each path whose state a discovery's answer depends on: a folder it listed or looked in
 * for a file (`dir`: any entry added, removed or renamed there changes its mtime), a file it
 * found by following links (`file`), one it read as it is, never followed (`entry`: a .gitignore),
 * one whose existence only counts (`exists`: `.git`, which changes with every commit).
 * `DiscoveryMemo` (discover-memo.ts) stamps them to tell whether a new walk would find the same.
 */
export type SeenKind = 'dir' | 'file' | 'entry' | 'exists';
export type Seen = (abs: string, kind: SeenKind) => void;
