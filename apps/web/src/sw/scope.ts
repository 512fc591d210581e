// The service worker's global scope, typed (this folder compiles with the WebWorker library).

/** `self` in the service worker. */
export const sw = self as unknown as ServiceWorkerGlobalScope;
