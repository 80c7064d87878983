import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, ignore: false });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repo). */
async function violations(file: string, code?: string): Promise<string[]> {
  const results = code
    ? await eslint.lintText(code, { filePath: path.join(root, file) })
    : await eslint.lintFiles([path.join(root, file)]);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

describe('import boundaries (npm run lint)', () => {
  it('refuses a deep import into another server feature, through any relative path', async () => {
    expect(
      await violations(
        'apps/server/src/features/users/probe.ts',
        "import { createSpace } from '../spaces/space-service';\nexport const probe = createSpace;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses a deep import into another web feature without spelling features/', async () => {
    expect(
      await violations(
        'apps/web/src/features/shell/components/probe.ts',
        "import { TransferOwnership } from '../../space-settings/components/transfer-ownership';\nexport const probe = TransferOwnership;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('allows another feature through its public index.ts', async () => {
    expect(
      await violations(
        'apps/server/src/features/users/probe.ts',
        "import { spaceRoutes } from '../spaces';\nexport const probe = spaceRoutes;\n",
      ),
    ).toEqual([]);
  });

  it('keeps the server kernel free of features, and core free of the apps', async () => {
    expect(
      await violations(
        'apps/server/src/http/probe.ts',
        "import { authRoutes } from '../features/auth';\nexport const probe = authRoutes;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await violations(
        'packages/core/src/probe.ts',
        "import { routes } from '../../../apps/server/src/app/routes';\nexport const probe = routes;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle (fixture: two files importing each other)', async () => {
    expect(await violations('tooling/lint-fixtures/cycle/first.ts')).toContain('import-x/no-cycle');
  });

  it('refuses a role comparison in a web feature (fixture: lint-fixtures/role-comparison.ts)', async () => {
    const code = await readFile(path.join(root, 'tooling/lint-fixtures/role-comparison.ts'), 'utf8');
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'apps/web/src/features/shell/probe.ts'),
    });
    const refused = result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax');
    // userRole ===, userRole !==, role ==, a role name first, a switch on a role.
    expect(refused.map((message) => message.line)).toEqual([9, 13, 17, 21, 25]);
    expect(refused[0]!.message).toContain('Decide on roles in core');
  });

  it('leaves role comparisons to core and to the web tests', async () => {
    const code = await readFile(path.join(root, 'tooling/lint-fixtures/role-comparison.ts'), 'utf8');
    for (const file of [
      'packages/core/src/permissions/probe.ts',
      'apps/web/src/features/shell/probe.test.ts',
    ]) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      expect(result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax')).toEqual([]);
    }
  });

  it('refuses a product import of the stage set or a test kit (fixture: lint-fixtures/stage-set-import.ts)', async () => {
    const code = await readFile(path.join(root, 'tooling/lint-fixtures/stage-set-import.ts'), 'utf8');
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'apps/server/src/features/billing/probe.ts'),
    });
    const refused = result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');
    expect(refused.map((message) => message.line)).toEqual([3, 4]);
    expect(refused[0]!.message).toContain('only src/embedded-door.ts loads it');
    expect(refused[1]!.message).toContain('test kits');
    expect(
      await violations(
        'apps/web/src/features/billing/probe.ts',
        "import { renderRoute } from '../../testing/render';\nexport const probe = renderRoute;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets the door, the tests and the test kits import the stage set', async () => {
    const code = await readFile(path.join(root, 'tooling/lint-fixtures/stage-set-import.ts'), 'utf8');
    const refusals = async (file: string, up: string) => {
      const [result] = await eslint.lintText(code.replaceAll('../../', up), {
        filePath: path.join(root, file),
      });
      return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').length;
    };
    // Each allowed file beside a product file of the same folder, which the same imports fail:
    // so the paths resolve, and only the file's role lets them through.
    for (const [allowed, product, up] of [
      ['apps/server/src/embedded-door.ts', 'apps/server/src/probe.ts', './'],
      [
        'apps/server/src/features/billing/probe.test.ts',
        'apps/server/src/features/billing/probe.ts',
        '../../',
      ],
      ['apps/server/src/testing/probe.ts', 'apps/server/src/http/probe.ts', '../'],
    ] as const) {
      expect(await refusals(product, up), product).toBe(2);
      expect(await refusals(allowed, up), allowed).toBe(0);
    }
  });
});
