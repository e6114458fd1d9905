/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// STYLE.md: features do not import each other; a screen that needs two composes them in its route file.
const featuresDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('feature folders', () => {
  it('import nothing from another feature', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const feature = relative(featuresDir, file).split(sep)[0];
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(featuresDir, resolve(file, '..', spec));
        const targetFeature = target.startsWith('..') ? null : target.split(sep)[0];
        if (targetFeature && targetFeature !== feature) crossings.push(`${relative(featuresDir, file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
