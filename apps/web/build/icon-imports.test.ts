import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lucideIconFiles, splitIconImports } from './icon-imports';

const barrel = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs'),
  'utf8',
);
const files = lucideIconFiles(barrel);

describe('importing lucide icons one by one', () => {
  it('maps every name of an icon, aliases too, to its own module', () => {
    expect(files.get('ShieldCheck')).toBe('shield-check');
    expect(files.get('ShieldCheckIcon')).toBe('shield-check');
    expect(files.get('ArrowDown01')).toBe('arrow-down-0-1');
    expect(files.has('createLucideIcon')).toBe(false);
  });

  it('splits a barrel import into one import per icon, keeping local names', () => {
    const code =
      'import { jsx } from "react/jsx-runtime";\nimport { ArrowLeft, ZoomIn as Zoom } from "lucide-react";\nexport const a = [ArrowLeft, Zoom];';
    expect(splitIconImports(code, files)).toBe(
      'import { jsx } from "react/jsx-runtime";\nimport ArrowLeft from "lucide-react/icons/arrow-left";\nimport Zoom from "lucide-react/icons/zoom-in";\nexport const a = [ArrowLeft, Zoom];',
    );
  });

  it('leaves what is not an icon on the barrel, and code without icons alone', () => {
    expect(splitIconImports("import { Gem, createLucideIcon } from 'lucide-react';", files)).toBe(
      'import Gem from "lucide-react/icons/gem";\nimport { createLucideIcon } from "lucide-react";',
    );
    expect(splitIconImports("import { createLucideIcon } from 'lucide-react';", files)).toBeUndefined();
    expect(splitIconImports('import { useState } from "react";', files)).toBeUndefined();
  });
});
