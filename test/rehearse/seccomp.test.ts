import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assemble, BPF, DENIED, denyListProgram, encode, EPERM, type Instruction, SECCOMP_ARCHES, SECCOMP_RET, seccompFilter } from '../../src/rehearse/seccomp.js';

/**
 * A classic-BPF interpreter for the four instructions the filter uses, run over
 * struct seccomp_data ({ nr, arch }): what the kernel would answer for a call.
 */
function evaluate(program: readonly Instruction[], data: { nr: number; arch: number }): number {
  let a = 0;
  for (let pc = 0, steps = 0; pc < program.length && steps < 10_000; steps++) {
    const ins = program[pc]!;
    switch (ins.code) {
      case BPF.LD_W_ABS:
        if (ins.k === 0) a = data.nr >>> 0;
        else if (ins.k === 4) a = data.arch >>> 0;
        else throw new Error(`load at ${ins.k}`);
        pc++;
        break;
      case BPF.JEQ_K:
        pc += 1 + (a === ins.k ? ins.jt : ins.jf);
        break;
      case BPF.JGE_K:
        pc += 1 + (a >= ins.k ? ins.jt : ins.jf);
        break;
      case BPF.RET_K:
        return ins.k;
      default:
        throw new Error(`opcode ${ins.code}`);
    }
  }
  throw new Error('fell off the end');
}

/** Numbers the filter must never deny: what every process calls (read, write, openat, execve, exit_group, clone). */
const EVERYDAY: Record<string, number[]> = { x64: [0, 1, 257, 59, 231, 56], arm64: [63, 64, 56, 221, 94, 220] };
const ERRNO_EPERM = (SECCOMP_RET.ERRNO | EPERM) >>> 0;

describe('seccomp: the deny-list program', () => {
  for (const [id, arch] of Object.entries(SECCOMP_ARCHES)) {
    const program = denyListProgram(arch);

    it(`${arch.name}: denies each listed call with EPERM and allows everyday calls`, () => {
      for (const call of DENIED) {
        const nr = arch.numbers[call];
        if (nr === undefined) continue;
        expect(evaluate(program, { nr, arch: arch.audit }), call).toBe(ERRNO_EPERM);
      }
      for (const nr of EVERYDAY[id]!) expect(evaluate(program, { nr, arch: arch.audit }), String(nr)).toBe(SECCOMP_RET.ALLOW);
    });

    it(`${arch.name}: kills calls of another ABI (another audit arch, or x32 numbers)`, () => {
      expect(evaluate(program, { nr: 0, arch: 0x40000003 /* i386 */ })).toBe(SECCOMP_RET.KILL_PROCESS);
      if (arch.abiBit !== undefined) expect(evaluate(program, { nr: arch.abiBit + 1, arch: arch.audit })).toBe(SECCOMP_RET.KILL_PROCESS);
    });
  }

  it('names the same calls on both architectures, except the x86-only ones', () => {
    const x86Only = DENIED.filter((c) => SECCOMP_ARCHES.arm64!.numbers[c] === undefined);
    expect(x86Only.sort()).toEqual(['_sysctl', 'ioperm', 'iopl', 'uselib']);
    for (const c of DENIED) expect(SECCOMP_ARCHES.x64!.numbers[c], c).toBeTypeOf('number');
  });

  // The numbers against the kernel's own headers, where the machine has them (linux-libc-dev).
  const headers: [string, string][] = [
    ['x64', '/usr/include/x86_64-linux-gnu/asm/unistd_64.h'],
    ['arm64', '/usr/include/asm-generic/unistd.h'],
  ];
  for (const [id, file] of headers) {
    it.skipIf(!fs.existsSync(file))(`${id}: every number matches ${file}`, () => {
      const text = fs.readFileSync(file, 'utf8');
      const arch = SECCOMP_ARCHES[id]!;
      for (const call of DENIED) {
        const m = new RegExp(`^#define __NR_${call}\\s+(\\d+)`, 'm').exec(text);
        expect(arch.numbers[call], call).toBe(m ? Number(m[1]) : undefined);
      }
    });
  }
});

describe('seccomp: the assembler and the encoding', () => {
  it('resolves labels to forward offsets', () => {
    const p = assemble([
      { code: BPF.JEQ_K, k: 5, jt: 'yes', jf: 0 },
      { code: BPF.RET_K, jt: 0, jf: 0, k: 1 },
      { label: 'yes' },
      { code: BPF.RET_K, jt: 0, jf: 0, k: 2 },
    ]);
    expect(p[0]).toEqual({ code: BPF.JEQ_K, k: 5, jt: 1, jf: 0 });
  });

  it('refuses an unknown label, a label defined twice and a backward jump', () => {
    expect(() => assemble([{ code: BPF.JEQ_K, k: 0, jt: 'nowhere', jf: 0 }])).toThrow(/no label nowhere/);
    expect(() => assemble([{ label: 'a' }, { label: 'a' }])).toThrow(/defined twice/);
    expect(() => assemble([{ label: 'back' }, { code: BPF.JEQ_K, k: 0, jt: 'back', jf: 0 }])).toThrow(/out of range/);
  });

  it('encodes struct sock_filter: 8 bytes, code, jt, jf, k in this machine\'s order', () => {
    const buf = encode([{ code: 0x15, jt: 2, jf: 3, k: 0xc000003e }]);
    expect(buf.length).toBe(8);
    expect(buf.readUInt16LE(0)).toBe(0x15);
    expect([buf[2], buf[3]]).toEqual([2, 3]);
    expect(buf.readUInt32LE(4)).toBe(0xc000003e);
  });

  it('builds the filter for this machine, or none on an architecture without a table', () => {
    if (SECCOMP_ARCHES[process.arch]) expect(seccompFilter()!.length % 8).toBe(0);
    expect(seccompFilter('riscv64')).toBeUndefined();
  });
});
