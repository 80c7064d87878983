import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { laterStylesOf, laterStylesheets, mantineImportsOf } from './mantine-later-styles';

// Paths as strings: under jsdom the global URL is not the one node:fs accepts.
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const require = createRequire(import.meta.url);

/** The names the app's own code imports from @mantine/core, type imports left out. */
function mantineImports(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  for (const file of files) {
    const code = readFileSync(path.join(src, file), 'utf8');
    for (const name of mantineImportsOf(code)) names.add(name);
  }
  return names;
}

function hasStylesheet(component: string): boolean {
  try {
    require.resolve(`@mantine/core/styles/${component}.css`);
    return true;
  } catch {
    return false;
  }
}

describe('Mantine styles', () => {
  const imported = readFileSync(path.join(here, 'mantine-styles.css'), 'utf8');
  const importsSheet = (name: string) => imported.includes(`@import '@mantine/core/styles/${name}.css';`);

  it('imports the stylesheet of every Mantine component the app uses, with the entry or with the component', () => {
    const used = [...mantineImports()].filter(hasStylesheet);
    expect(used).toContain('Button');
    const missing = used.filter(
      (name) => !importsSheet(name) && !laterStylesOf[name]?.includes(name as never),
    );
    expect(missing).toEqual([]);
  });

  it('loads each stylesheet once: none of those that come with their component is in the entry', () => {
    expect(laterStylesheets.filter(hasStylesheet)).toEqual(laterStylesheets);
    expect(laterStylesheets.filter(importsSheet)).toEqual([]);
  });
});
