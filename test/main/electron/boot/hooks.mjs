// Module hooks for the boot test: `electron` is the recording stand-in, and the built bundle's
// node:worker_threads is the recording one. Everything else resolves as usual.
const standIn = new URL('./electron-stand-in.mjs', import.meta.url).href;
const threads = new URL('./recording-threads.mjs', import.meta.url).href;
let bundle = '';

export function initialize(data) {
  bundle = data.bundleDir;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true };
  const fromBundle = context.parentURL?.startsWith(bundle);
  if (fromBundle && (specifier === 'node:worker_threads' || specifier === 'worker_threads')) return { url: threads, shortCircuit: true };
  return next(specifier, context);
}
