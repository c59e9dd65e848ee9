// One place where isolated work runs (a worker thread or a child process), as a pool sees it:
// it takes a message, answers with one, can be killed, and may tell how much memory it holds.
export interface HostEvents<Reply> {
  reply(reply: Reply): void;
  /** It died: out of memory (`outOfMemory`), crashed or exited. */
  death(error: Error, outOfMemory: boolean): void;
}

export interface Host<Job> {
  send(job: Job): void;
  /** Stops it at once, whatever it is doing. */
  kill(): Promise<void>;
  /** Busy hosts keep the process alive; idle ones never do. */
  setBusy(busy: boolean): void;
  /** Resident memory in bytes, where it can be measured apart from the rest of the process. */
  memoryBytes?(): number | undefined;
  /** CPU time used so far in ms, where it can be measured apart from the rest of the process. */
  cpuMs?(): number | undefined;
}

export type HostFactory<Job, Reply> = (events: HostEvents<Reply>) => Host<Job>;
