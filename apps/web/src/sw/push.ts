// The service worker's Web Push handlers on its own global scope: `sw.ts` (the Workbox worker) takes them with
// `import './push';`.
import { installPushHandlers, type PushScope } from './push-handlers';

installPushHandlers(self as unknown as Parameters<typeof installPushHandlers>[0] & PushScope);
