import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** lucide-react's barrel: every icon's names (`ShieldCheck`, `ShieldCheckIcon`, …) → its own module. */
export function lucideIconFiles(barrelSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of barrelSource.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names.split(',')) files.set(name.trim().replace(/^default as /, ''), file);
  }
  return files;
}

/**
 * `import { A, B as C } from 'lucide-react'` → one import per icon (`lucide-react/icons/…`, the
 * package's own per-icon entry), names the barrel does not map (`Icon`, `createLucideIcon`) left
 * on the barrel. `undefined` when the code imports nothing from lucide-react.
 */
export function splitIconImports(code: string, files: Map<string, string>): string | undefined {
  let changed = false;
  const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*(["'])lucide-react\2;?/g, (whole, specifiers: string) => {
    const kept: string[] = [];
    const own: string[] = [];
    for (const specifier of specifiers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
      const file = files.get(imported);
      if (file) own.push(`import ${local} from "lucide-react/icons/${file}";`);
      else kept.push(specifier);
    }
    if (own.length === 0) return whole;
    changed = true;
    return [...own, ...(kept.length ? [`import { ${kept.join(', ')} } from "lucide-react";`] : [])].join('\n');
  });
  return changed ? out : undefined;
}

/**
 * The app imports its icons from lucide-react's barrel, so to the bundler every icon is imported
 * by the barrel alone and cannot be told apart by who uses it. Imported one by one, each icon's
 * importers are the app's own modules: vite.config.ts then leaves an icon one module uses in that
 * module's chunk and keeps the back office's icons out of the customer's shared icon chunk (the
 * screen budgets, docs/PERFORMANCE.md). Production builds only; development and tests keep the barrel.
 */
export function lucideIconImportsPlugin(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'wise-lucide-icon-imports',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(id) || !code.includes('lucide-react')) return undefined;
      files ??= lucideIconFiles(
        readFileSync(
          path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs'),
          'utf8',
        ),
      );
      const split = splitIconImports(code, files);
      return split === undefined ? undefined : { code: split, map: null };
    },
  };
}
