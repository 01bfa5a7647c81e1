import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, relativeImports } from './import-circles.ts';

describe('import circles', () => {
  it('reads imports, re-exports, type imports and dynamic imports, not packages', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "const d = () => import('./d.tsx');",
      "import React from 'react';",
      "import './side-effect.ts';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.tsx', './side-effect.ts']);
  });

  it('finds a circle through several files and a file that imports itself, and nothing in a tree', () => {
    const texts: Record<string, string> = {
      '/r/a.ts': "import { b } from './b.ts';",
      '/r/b.ts': "import type { C } from './sub/c.ts';",
      '/r/sub/c.ts': "export { a } from '../a.ts';",
      '/r/self.ts': "import { x } from './self.ts';",
      '/r/top.ts': "import { a } from './a.ts'; import { leaf } from './leaf.ts';",
      '/r/leaf.ts': "import { z } from 'zod';",
    };
    const circles = importCircles(importGraph(Object.keys(texts), (file) => texts[file]!));
    expect(circles).toEqual(expect.arrayContaining([['/r/a.ts', '/r/b.ts', '/r/sub/c.ts'], ['/r/self.ts']]));
    expect(circles).toHaveLength(2);
  });

  it('finds none in an acyclic graph', () => {
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});
