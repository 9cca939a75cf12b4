import { readFileSync } from 'node:fs';

/** Resident memory of a process in MiB: current (VmRSS) and peak so far (VmHWM). Linux only. */
export interface Memory {
  rssMiB: number;
  peakRssMiB: number;
}

export function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  const mib = (value: number) => Math.round((value / 1024) * 10) / 10;
  return { rssMiB: mib(kib('VmRSS')), peakRssMiB: mib(kib('VmHWM')) };
}
