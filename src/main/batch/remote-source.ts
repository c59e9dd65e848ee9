// A PageSource in another thread. The app's batch runs in a worker, but its renderer — the hidden
// window — lives in the main process: the batch's Scraper gets a RemoteSource, which sends each
// load as a message and resolves with the RawPage the other side's source answers. Both halves are
// here: the one that asks (in the worker) and the one that serves (in main).
import { LoadError, type ScrapeError, toScrapeError } from '../../shared/page';
import { abortError, type LoadRequest, type LoadSettings, type PageSource, type RawPage, remainingMs } from '../loaders/source';

/** A load to run on the other side: the request without its signal, and the time left instead of a deadline. */
export interface SourceAsk {
  id: number;
  url: string;
  settings: LoadSettings;
  remainingMs: number;
}

export type SourceAnswer = { id: number; raw: RawPage } | { id: number; error: ScrapeError };

/** The asking half: sends loads out (`ask`) and settles them when `answer` is called with the reply. */
export class RemoteSource implements PageSource {
  readonly name = 'remote';
  private readonly pending = new Map<number, { resolve: (raw: RawPage) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(
    private readonly ask: (ask: SourceAsk) => void,
    private readonly cancel: (id: number) => void,
  ) {}

  load(request: LoadRequest): Promise<RawPage> {
    const id = this.nextId++;
    return new Promise<RawPage>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.cancel(id);
        reject(abortError(request, 'rendering'));
      };
      if (request.signal.aborted) return onAbort();
      request.signal.addEventListener('abort', onAbort, { once: true });
      const settle = <T>(fn: (value: T) => void) => (value: T) => {
        request.signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        fn(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.ask({ id, url: request.url, settings: request.settings, remainingMs: remainingMs(request.deadline) });
    });
  }

  /** The reply to a load sent out. */
  answer(answer: SourceAnswer): void {
    const pending = this.pending.get(answer.id);
    if (!pending) return; // cancelled meanwhile
    if ('raw' in answer) pending.resolve(answer.raw);
    else pending.reject(new LoadError(answer.error.code, answer.error.message));
  }
}

/** The serving half: runs each ask on `source` and sends the answer back; `cancel` stops one in flight. */
export class SourceServer {
  private readonly running = new Map<number, AbortController>();

  constructor(
    private readonly source: PageSource | undefined,
    private readonly reply: (answer: SourceAnswer) => void,
  ) {}

  serve(ask: SourceAsk): void {
    if (!this.source) return this.reply({ id: ask.id, error: { code: 'render', message: 'rendering is not available here' } });
    const controller = new AbortController();
    this.running.set(ask.id, controller);
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(Math.max(1, ask.remainingMs))]);
    const request: LoadRequest = { url: ask.url, settings: ask.settings, signal, deadline: performance.now() + ask.remainingMs };
    this.source
      .load(request)
      .then(
        (raw) => this.reply({ id: ask.id, raw }),
        (error: unknown) => this.reply({ id: ask.id, error: toScrapeError(error, controller.signal) }),
      )
      .finally(() => this.running.delete(ask.id));
  }

  cancel(id: number): void {
    this.running.get(id)?.abort();
    this.running.delete(id);
  }
}
