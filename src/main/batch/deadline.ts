// A signal that aborts after `ms` with a TimeoutError, or when `parent` aborts; cleared when done.
// Not AbortSignal.any([…, AbortSignal.timeout(ms)]): on Node 20 the timeout signal inside a
// composite can be garbage-collected before it fires (nodejs/node#57736), and a hung request then
// waits for undici's own 300 s limit. A plain timer held by us cannot be collected.

export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer and lets go of the parent. */
  clear(): void;
}

export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const onParentAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
