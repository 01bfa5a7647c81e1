import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { webBoundaries } from './web-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const at = (file) => path.join(process.cwd(), file);

tester.run('web-boundaries', webBoundaries, {
  valid: [
    { filename: at('web/app/App.tsx'), code: "import { x } from '../features/lists/ListScreen.tsx';" },
    { filename: at('web/app/main.tsx'), code: "import { App } from './App.tsx';" },
    { filename: at('web/features/lists/ListScreen.tsx'), code: "import { x } from '../items/index.ts'; import { y } from '../../core/store/app-state.ts'; import { z } from '../../ui/Modal.tsx';" },
    { filename: at('web/features/lists/list/ItemRow.tsx'), code: "import { x } from '../list-actions.ts'; export { y } from '../../photos/index.ts';" },
    { filename: at('web/core/sync/sync.ts'), code: "import { x } from '../store/app-state.ts'; import { y } from '../../../common/messages.ts';" },
    { filename: at('web/ui/Modal.tsx'), code: "import styles from './Modal.module.css'; import { z } from '../../common/messages.ts';" },
    { filename: at('web/test/list-screen.tsx'), code: "import { x } from '../app/App.tsx';" },
    { filename: at('web/core/store/store.ts'), code: "import { useSyncExternalStore } from 'react';" },
  ],
  invalid: [
    { filename: at('web/core/sync/live-sync.ts'), code: "import { x } from '../../features/items/index.ts';", errors: [{ messageId: 'coreToFeature' }] },
    { filename: at('web/core/net/client.ts'), code: "import { x } from '../../app/main.tsx';", errors: [{ messageId: 'app' }] },
    { filename: at('web/ui/Toaster.tsx'), code: "import { x } from '../core/store/toasts.ts';", errors: [{ messageId: 'uiToInner' }] },
    { filename: at('web/ui/Menu.tsx'), code: "const m = import('../features/ai/index.ts');", errors: [{ messageId: 'uiToInner' }] },
    { filename: at('web/features/ai/ItemAiMenu.tsx'), code: "import { x } from '../items/item-actions.ts';", errors: [{ messageId: 'featureInside' }] },
    { filename: at('web/features/public/PublicListScreen.tsx'), code: "export * from '../lists/list/ItemList.tsx';", errors: [{ messageId: 'featureInside' }] },
    { filename: at('web/features/lists/ListScreen.tsx'), code: "import type { X } from '../../app/SignedInApp.tsx';", errors: [{ messageId: 'app' }] },
  ],
});
