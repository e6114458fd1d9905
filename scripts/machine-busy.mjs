import { readFileSync } from 'node:fs';

/**
 * CPU seconds the whole machine has been busy (Linux: /proc/stat, all cores, in ticks of 1/100 s), or null where
 * there is no /proc/stat. A command's own accounting misses what it does not wait for (Chromium's renderers, the
 * servers Playwright starts); on CI the machine is the run's alone.
 * @returns {number | null}
 */
export function busyCpuSeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}
