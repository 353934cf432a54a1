import { createHash } from 'node:crypto';

/** The SHA-256 of text or bytes, as lowercase hex: the one file hasher (caches, catalogs, install records). */
export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
