/**
 * The sandbox's seccomp filter: a classic BPF program, assembled here, that
 * bubblewrap loads (`--seccomp <fd>`) into every process of a case. It denies
 * (EPERM) the system calls a rehearsal never needs and that are the usual
 * first step of a kernel or sandbox escape: tracing other processes, mounting,
 * the kernel keyring, eBPF, userfaultfd, perf events, io_uring, loading
 * modules or kernels, namespaces, the clock, swap, reboot and the like. Most
 * already fail without capabilities; the filter keeps them closed should a
 * kernel bug open one. A call of another architecture's ABI (x86-32 or x32 on
 * x86_64, arm32 on aarch64), which could slip past a table of native numbers,
 * kills the process.
 *
 * No npm package builds seccomp programs without a native addon (libseccomp
 * bindings need a compiler and the library), and the program is a few dozen
 * instructions of four kinds, so it is written here, with the numbers of each
 * architecture from the kernel's tables (test/rehearse/seccomp.test.ts checks
 * them against the system's headers where they are installed, and runs the
 * program through an interpreter).
 */

/** Classic BPF opcodes used (linux/filter.h, linux/bpf_common.h). */
export const BPF = {
  LD_W_ABS: 0x20, // BPF_LD | BPF_W | BPF_ABS: A = 32-bit word at offset k of seccomp_data
  JEQ_K: 0x15, // BPF_JMP | BPF_JEQ | BPF_K: A == k ? jt : jf
  JGE_K: 0x35, // BPF_JMP | BPF_JGE | BPF_K: A >= k ? jt : jf
  RET_K: 0x06, // BPF_RET | BPF_K: return k
} as const;

/** seccomp return actions (linux/seccomp.h). */
export const SECCOMP_RET = {
  KILL_PROCESS: 0x80000000,
  ERRNO: 0x00050000,
  ALLOW: 0x7fff0000,
} as const;
export const EPERM = 1;

/** Offsets in struct seccomp_data: `int nr; __u32 arch; ...`. */
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;

export interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/** An architecture: its AUDIT_ARCH value and its numbers for the denied calls (absent: the call does not exist there). */
export interface SeccompArch {
  name: string;
  audit: number;
  /** Numbers at or above this are another ABI on the same audit arch (x32 on x86_64); killed. */
  abiBit?: number;
  numbers: Readonly<Partial<Record<DeniedCall, number>>>;
}

/** The calls denied, by name. */
export const DENIED = [
  'ptrace', 'process_vm_readv', 'process_vm_writev',
  'mount', 'umount2', 'pivot_root', 'move_mount', 'open_tree', 'fsopen', 'fsconfig', 'fsmount', 'fspick', 'mount_setattr', 'chroot',
  'keyctl', 'add_key', 'request_key',
  'bpf', 'userfaultfd', 'perf_event_open',
  'io_uring_setup', 'io_uring_enter', 'io_uring_register',
  'kexec_load', 'kexec_file_load', 'init_module', 'finit_module', 'delete_module',
  'unshare', 'setns',
  'swapon', 'swapoff', 'reboot', 'syslog', 'acct', 'quotactl', 'quotactl_fd', 'lookup_dcookie', 'open_by_handle_at', 'vhangup', 'nfsservctl',
  'settimeofday', 'clock_settime', 'clock_adjtime', 'adjtimex', 'sethostname', 'setdomainname',
  'iopl', 'ioperm', 'uselib', '_sysctl',
] as const;
export type DeniedCall = (typeof DENIED)[number];

/** x86_64: arch/x86/entry/syscalls/syscall_64.tbl. */
const X86_64: SeccompArch = {
  name: 'x86_64',
  audit: 0xc000003e,
  abiBit: 0x40000000,
  numbers: {
    ptrace: 101, process_vm_readv: 310, process_vm_writev: 311,
    mount: 165, umount2: 166, pivot_root: 155, move_mount: 429, open_tree: 428, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, mount_setattr: 442, chroot: 161,
    keyctl: 250, add_key: 248, request_key: 249,
    bpf: 321, userfaultfd: 323, perf_event_open: 298,
    io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427,
    kexec_load: 246, kexec_file_load: 320, init_module: 175, finit_module: 313, delete_module: 176,
    unshare: 272, setns: 308,
    swapon: 167, swapoff: 168, reboot: 169, syslog: 103, acct: 163, quotactl: 179, quotactl_fd: 443, lookup_dcookie: 212, open_by_handle_at: 304, vhangup: 153, nfsservctl: 180,
    settimeofday: 164, clock_settime: 227, clock_adjtime: 305, adjtimex: 159, sethostname: 170, setdomainname: 171,
    iopl: 172, ioperm: 173, uselib: 134, _sysctl: 156,
  },
};

/** aarch64: the generic table, include/uapi/asm-generic/unistd.h (no iopl, ioperm, uselib or _sysctl). */
const AARCH64: SeccompArch = {
  name: 'aarch64',
  audit: 0xc00000b7,
  numbers: {
    ptrace: 117, process_vm_readv: 270, process_vm_writev: 271,
    mount: 40, umount2: 39, pivot_root: 41, move_mount: 429, open_tree: 428, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, mount_setattr: 442, chroot: 51,
    keyctl: 219, add_key: 217, request_key: 218,
    bpf: 280, userfaultfd: 282, perf_event_open: 241,
    io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427,
    kexec_load: 104, kexec_file_load: 294, init_module: 105, finit_module: 273, delete_module: 106,
    unshare: 97, setns: 268,
    swapon: 224, swapoff: 225, reboot: 142, syslog: 116, acct: 89, quotactl: 60, quotactl_fd: 443, lookup_dcookie: 18, open_by_handle_at: 265, vhangup: 58, nfsservctl: 42,
    settimeofday: 170, clock_settime: 112, clock_adjtime: 266, adjtimex: 171, sethostname: 161, setdomainname: 162,
  },
};

export const SECCOMP_ARCHES: Readonly<Record<string, SeccompArch>> = { x64: X86_64, arm64: AARCH64 };

/** A jump target by label, resolved by `assemble`. */
interface JumpTo {
  code: number;
  k: number;
  jt: string | 0;
  jf: string | 0;
}
type Line = Instruction | JumpTo | { label: string };

/**
 * Resolves labels to the forward offsets classic BPF jumps take (0-255
 * instructions after the next one); a backward or too-long jump is an error,
 * never a wrong program.
 */
export function assemble(lines: readonly Line[]): Instruction[] {
  const at = new Map<string, number>();
  let n = 0;
  for (const l of lines) {
    if ('label' in l) {
      if (at.has(l.label)) throw new Error(`seccomp: label ${l.label} defined twice`);
      at.set(l.label, n);
    } else n++;
  }
  const out: Instruction[] = [];
  for (const l of lines) {
    if ('label' in l) continue;
    const pc = out.length;
    const offset = (target: string | number): number => {
      if (typeof target === 'number') return target;
      const to = at.get(target);
      if (to === undefined) throw new Error(`seccomp: no label ${target}`);
      const off = to - pc - 1;
      if (off < 0 || off > 255) throw new Error(`seccomp: jump to ${target} out of range (${off})`);
      return off;
    };
    out.push({ code: l.code, k: l.k >>> 0, jt: offset(l.jt), jf: offset(l.jf) });
  }
  return out;
}

/** The filter for one architecture: check the arch and ABI, deny the listed calls, allow the rest. */
export function denyListProgram(arch: SeccompArch, denied: readonly DeniedCall[] = DENIED): Instruction[] {
  const numbers = [...new Set(denied.map((c) => arch.numbers[c]).filter((x): x is number => x !== undefined))].sort((a, b) => a - b);
  const lines: Line[] = [
    { code: BPF.LD_W_ABS, jt: 0, jf: 0, k: OFFSET_ARCH },
    { code: BPF.JEQ_K, k: arch.audit, jt: 0, jf: 'kill' },
    { code: BPF.LD_W_ABS, jt: 0, jf: 0, k: OFFSET_NR },
  ];
  if (arch.abiBit !== undefined) lines.push({ code: BPF.JGE_K, k: arch.abiBit, jt: 'kill', jf: 0 });
  for (const nr of numbers) lines.push({ code: BPF.JEQ_K, k: nr, jt: 'deny', jf: 0 });
  lines.push(
    { code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET.ALLOW },
    { label: 'deny' },
    { code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET.ERRNO | EPERM },
    { label: 'kill' },
    { code: BPF.RET_K, jt: 0, jf: 0, k: SECCOMP_RET.KILL_PROCESS },
  );
  return assemble(lines);
}

/** The program as the kernel reads it: struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }, in this machine's byte order. */
export function encode(program: readonly Instruction[]): Buffer {
  const buf = Buffer.alloc(program.length * 8);
  const le = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  program.forEach((ins, i) => {
    const o = i * 8;
    if (le) buf.writeUInt16LE(ins.code, o);
    else buf.writeUInt16BE(ins.code, o);
    buf.writeUInt8(ins.jt, o + 2);
    buf.writeUInt8(ins.jf, o + 3);
    if (le) buf.writeUInt32LE(ins.k >>> 0, o + 4);
    else buf.writeUInt32BE(ins.k >>> 0, o + 4);
  });
  return buf;
}

/** The encoded filter for the machine skillc runs on, or undefined on an architecture without a table (the sandbox then runs without one, and says so). */
export function seccompFilter(arch: string = process.arch): Buffer | undefined {
  const table = SECCOMP_ARCHES[arch];
  return table ? encode(denyListProgram(table)) : undefined;
}
